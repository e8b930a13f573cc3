import type { Server } from 'node:http';
import { createPlatformServer, json, listen, type RequestHandler } from './platformServer.js';

/** Serves a simulator's /_sim routes on a port of their own (0 = any free port); loopback by default. */
export async function serveAdmin(
  handler: RequestHandler,
  host: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createPlatformServer({
    handlers: [handler],
    onUpgrade: (_request, socket) => socket.destroy(),
    internalError: () => json({ ok: false, error: 'internal error' }, 500),
  });
  const bound = await listen(server, host, port);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
