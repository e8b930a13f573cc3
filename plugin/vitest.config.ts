import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The protocol test drives real ffplay windows on its own Xvfb display, with the camera simulator's encoders.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
