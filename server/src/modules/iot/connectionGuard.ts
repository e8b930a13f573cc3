import type { Socket } from 'node:net';

/**
 * What the embedded broker refuses before aedes buffers anything: a packet announcing more than the
 * protocol's size, and more connections from one address than it lets wait for their sign-in.
 * aedes reads whatever length a packet's fixed header announces (its parser has no bound and aedes
 * no option for one), so a few connections announcing 250 MB each would fill memory before any of
 * them signed in.
 */

/**
 * Watches the bytes aedes reads from `socket` and destroys it at the first packet whose fixed header
 * announces a remaining length over `maxBytes`, before its body is read. aedes reads with
 * `socket.read()`, and each read is also emitted as 'data' (the 'readable' listener keeps control of
 * the flow), so at most one read chunk of such a packet is ever held. Only the fixed header is read
 * here (a type byte, then the MQTT variable byte integer); the packet itself is still parsed by aedes.
 */
export function capPacketSize(socket: Socket, maxBytes: number, refused: (announced: number) => void): void {
  /** Body bytes of the current packet still to pass. */
  let body = 0;
  let inLength = false;
  let length = 0;
  let multiplier = 1;
  socket.on('data', (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      if (body > 0) {
        const skip = Math.min(body, chunk.length - at);
        body -= skip;
        at += skip;
        continue;
      }
      const byte = chunk[at] ?? 0;
      at += 1;
      if (!inLength) {
        // The packet type byte; its remaining length follows.
        inLength = true;
        length = 0;
        multiplier = 1;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      // A continuation bit beyond the fourth byte is malformed: aedes' parser refuses it.
      if (byte & 0x80 && multiplier <= 128 ** 3) continue;
      inLength = false;
      if (length > maxBytes) {
        refused(length);
        socket.destroy();
        return;
      }
      body = length;
    }
  });
}

/** Counts each address's connections not signed in yet, and refuses more than `limit` of them. */
export class PendingConnections {
  private readonly byAddress = new Map<string, number>();
  private readonly pending = new WeakMap<object, string>();

  constructor(private readonly limit: number) {}

  /** Takes a new connection, or answers false when its address already has `limit` waiting. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? '';
    const count = this.byAddress.get(address) ?? 0;
    if (count >= this.limit) return false;
    this.byAddress.set(address, count + 1);
    this.pending.set(socket, address);
    socket.once('close', () => this.settled(socket));
    return true;
  }

  /** The connection signed in, or closed: it no longer counts against its address. */
  settled(socket: object): void {
    const address = this.pending.get(socket);
    if (address === undefined) return;
    this.pending.delete(socket);
    const count = (this.byAddress.get(address) ?? 1) - 1;
    if (count > 0) this.byAddress.set(address, count);
    else this.byAddress.delete(address);
  }
}
