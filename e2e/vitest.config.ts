import { defineConfig } from 'vitest/config';

// Browser tests drive the built shell served by a real server on a fresh embedded database.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what the page shows next; vitest's 1 s default is shorter than one server round
    // trip and a re-render on a loaded 2-core machine, which made untimed polls fail at random.
    expect: { poll: { timeout: 15_000 } },
  },
});
