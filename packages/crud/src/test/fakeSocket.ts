import type { PushSocket } from '@cityops/client';

/** The browser's WebSocket in the page tests: never reaches a network; a test plays the server. */
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
  send(data: string) {
    this.sent.push(JSON.parse(data));
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
}
