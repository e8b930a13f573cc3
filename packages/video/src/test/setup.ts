import '@cityops/ui/testing';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '@cityops/ui';

// jsdom's media elements do not play: pause and play must not throw "not implemented".
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});

// The tests write times as the browser's local times, in the platform's zone (China), as a duty
// officer's browser runs; time.test.ts checks a browser elsewhere.
process.env.TZ = 'Asia/Shanghai';

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  vi.useRealTimers();
});
