import { connect, createServer } from 'node:net';

/** Free ports and listening checks for the real processes the tests start (Mosquitto, nginx). */

/** Whether something accepts connections on 127.0.0.1:`port`. */
export async function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A port free right now for a process about to listen on it (a broker, a proxy), chosen below the
 * kernel's ephemeral range (32768-60999). A port from `listen(0)` is from that range: once released,
 * another test's server or outgoing connection may be given it before the process binds it, or
 * while a restarted broker is down, and the process's clients would then reach something else.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}
