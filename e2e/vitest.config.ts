import { defineConfig } from 'vitest/config';

// Browser tests drive the built shell served by a real server on a fresh embedded database.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
