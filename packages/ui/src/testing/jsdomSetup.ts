import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * What antd needs from jsdom to render, shared by every workspace's component tests (a vitest
 * `setupFiles` entry, or imported first by a workspace's own setup).
 */

// Pages are lazy chunks and antd renders slowly in jsdom on a busy two-core machine; the default 1 s
// that findBy* waits is too tight.
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

// jsdom has no ResizeObserver; antd's tab bar, Select list, sliders and TextArea measure with it.
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
