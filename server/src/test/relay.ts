import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay in front of a local server (a broker, PostgreSQL): connect to `port` instead of the
 * server's. `cut()` drops every connection through it and refuses new ones until `mend()`, as a
 * network outage between one server instance and a server that keeps running.
 */
export async function startRelay(target: number) {
  const sockets = new Set<Socket>();
  let cut = false;
  const relay = createServer((inbound) => {
    inbound.on('error', () => inbound.destroy());
    if (cut) return inbound.destroy();
    const outbound = connect(target, '127.0.0.1');
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.once('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      // Every error, not only the first: a cut socket can report a reset after its first failure.
      from.on('error', () => from.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      cut = false;
    },
    async close() {
      this.cut();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

/** `url` with its port replaced by `port` (to reach a server through a relay). */
export function throughPort(url: string, port: number): string {
  const through = new URL(url);
  through.port = String(port);
  return through.toString();
}
