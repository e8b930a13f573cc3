import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '@cityops/ui';

configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: antd asks matchMedia for its responsive breakpoints.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom has no ResizeObserver; antd's tabs and sliders measure themselves with it.
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis))
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });

// antd measures pseudo-elements for scroll bars, which jsdom reports as "not implemented".
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// jsdom's media elements do not play: pause and play must not throw "not implemented".
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
