import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { SUB_APP_PORTS, type SubApp } from '@cityops/contract';
import { compressedCopies } from './compress.js';

export { compressedCopies };

/** The API server during development; it also serves /config.js (the runtime page settings). */
const server = 'http://localhost:8080';

/**
 * The Vite config every sub-app shares: served under its prefix (`/iotcloud/`), on its IP-mode port in
 * development, and built into its own `dist`.
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
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  };
}
