import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    // After each file: the output of the server processes it started is scanned for secrets.
    setupFiles: ['src/test/processLogScan.ts'],
    // Each test file builds its own app on its own fresh database.
    testTimeout: 30_000,
    // The export test measures the heap it keeps alive, which needs a collection first.
    execArgv: ['--expose-gc'],
    // A file's app starts in seconds alone; with two workers and PostgreSQL on a loaded 2-core machine it
    // has taken over a minute.
    hookTimeout: 120_000,
  },
});
