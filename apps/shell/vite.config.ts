/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressedCopies } from '@cityops/subapp/vite';

/** The API server during development; it also serves /config.js (the runtime page settings). */
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), compressedCopies()],
  server: {
    proxy: {
      // ws: the message push socket (/api/push/message) goes through the same proxy.
      '/api': { target: server, changeOrigin: true, ws: true },
      '/config.js': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, read by the size budgets (e2e/tests/bundleBudgets.test.ts) and the benchmark.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // antd renders and SM2 work in jsdom are slow on a cold machine; the default 5 s is too tight.
    testTimeout: 20_000,
  },
});
