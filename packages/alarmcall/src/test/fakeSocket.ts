import type { PushSocket } from '@cityops/client';

/** A socket that never reaches a network: a test plays the server through the sockets made. */
export class FakeSocket implements PushSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  onopen: PushSocket['onopen'] = null;
  onmessage: PushSocket['onmessage'] = null;
  onclose: PushSocket['onclose'] = null;
  onerror: PushSocket['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string | ArrayBuffer) {
    this.sent.push(typeof data === 'string' ? (JSON.parse(data) as unknown) : data);
  }
  closed = false;
  close() {
    this.readyState = 3;
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({
      data: typeof frame === 'string' || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame),
    });
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
