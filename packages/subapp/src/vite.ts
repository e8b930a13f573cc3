import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { SUB_APP_PORTS, SUB_APPS, SUBAPP_BASE, type SubApp } from '@cityops/contract';
import { compressedCopies } from './compress.js';

export { compressedCopies };

/** The API server during development; it also serves /config.js (the runtime page settings). */
const server = 'http://localhost:8080';

/**
 * The Vite config of one sub-app in development: served under its prefix (`/iotcloud/`) on its IP-mode
 * port. The production build is one build of all six (subAppsBuildConfig).
 */
export function subAppViteConfig(app: SubApp): UserConfig {
  return {
    base: `/${app}/`,
    plugins: [react(), compressedCopies()],
    server: {
      port: SUB_APP_PORTS[app].ip,
      strictPort: true,
      proxy: {
        '/api': { target: server, changeOrigin: true },
        '/config.js': { target: server, changeOrigin: true },
      },
    },
  };
}

/**
 * The one production build of the six sub-apps (`npm run build:subapps`), so the code they share is
 * one set of files: `<outDir>/<app>/index.html` for each app and `<outDir>/assets/` for every chunk,
 * each page in a chunk of its own. The six apps live on six origins of one site; their HTML names the
 * chunks under SUBAPP_ASSETS_PATH and the sub-app host points that at one origin (the shell's, by
 * default), so the browser's cache holds a shared chunk once for all six frames. Chunks import each
 * other relatively, so they load from wherever the entry came from.
 */
export function subAppsBuildConfig(appsDir: string, outDir: string): UserConfig {
  return {
    root: appsDir,
    base: SUBAPP_BASE,
    plugins: [react(), compressedCopies()],
    experimental: {
      renderBuiltUrl: (_file, { hostType }) => (hostType === 'js' ? { relative: true } : undefined),
    },
    build: {
      outDir,
      emptyOutDir: true,
      // The chunk graph, read by the size budgets (e2e/tests/bundleBudgets.e2e.ts) and the benchmark.
      manifest: true,
      rollupOptions: {
        input: Object.fromEntries(SUB_APPS.map((app) => [app, resolve(appsDir, app, 'index.html')])),
      },
    },
  };
}
