import type { PushSocket } from '@cityops/client';

/**
 * The push socket as the shell's tests see it: the browser's WebSocket replaced (test/setup.ts) by this
 * stand-in, which never reaches a network; a test plays the server through the socket the shell made.
 */
export class FakeWebSocket implements PushSocket {
  static made: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: PushSocket['onopen'] = null;
  onmessage: PushSocket['onmessage'] = null;
  onclose: PushSocket['onclose'] = null;
  onerror: PushSocket['onerror'] = null;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
  /** Records what the shell sends; pings are answered, as the server does. */
  send(data: string) {
    const frame: unknown = JSON.parse(data);
    this.sent.push(frame);
    if (JSON.stringify(frame) === JSON.stringify({ type: 'ping' }))
      this.receive({ status_code: 1, type: 'pong' });
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** The socket the shell opened last. */
export const lastSocket = () => FakeWebSocket.made.at(-1);
