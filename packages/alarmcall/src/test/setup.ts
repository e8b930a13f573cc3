import '@cityops/ui/testing';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '@cityops/ui';

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
  vi.useRealTimers();
});
