import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // antd renders slowly in jsdom on a cold two-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
  },
});
