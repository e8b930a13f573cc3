import { resolve } from 'node:path';
import { startSubAppHosts, type SubAppHosts } from '../../server/src/modules/subapps/hosts.js';

export interface LlappHost {
  /** Serves llapp on its ports again (no-op when it already does). */
  start(): Promise<void>;
  /** Stops serving llapp, as a sub-app server that went down. */
  stop(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * The llapp sub-app served from this test process, in front of the API server at `apiOrigin`: what a
 * sub-app on a server of its own looks like, which a test can stop and start again.
 */
export async function startLlappHost(apiOrigin: string): Promise<LlappHost> {
  let hosts: SubAppHosts | null = null;
  const host: LlappHost = {
    async start() {
      hosts ??= await startSubAppHosts({
        apps: ['llapp'],
        host: '127.0.0.1',
        distDir: resolve(import.meta.dirname, '../../dist/subapps'),
        apiOrigin,
        shellPort: Number(new URL(apiOrigin).port),
        log: quiet,
      });
    },
    async stop() {
      await hosts?.close();
      hosts = null;
    },
  };
  await host.start();
  return host;
}
