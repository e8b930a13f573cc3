import { beforeEach, describe, expect, it } from 'vitest';
import {
  PUSH_BACKOFF_MAX_MS,
  PUSH_BACKOFF_MIN_MS,
  PUSH_CLOSE,
  PUSH_HEARTBEAT_MS,
  PUSH_OPEN_DELAY_MS,
  type Message,
  type PushServerFrame,
  telemetryServerFrameSchema,
} from '@cityops/contract';
import {
  backoffDelay,
  createPushClient,
  createSocketClient,
  jsonFrames,
  pushUrl,
  type PushClock,
  type PushSocket,
  type PushState,
} from './push.js';

/** A clock that moves only when told to. */
function manualClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: PushClock = {
    setTimeout: (run, ms) => {
      next += 1;
      timers.set(next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  }
  return { clock, advance, pending: () => [...timers.values()].map((timer) => timer.at - now) };
}

/** A stand-in for the browser's WebSocket that records what the client does with it. */
class FakeSocket implements PushSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: PushSocket['onopen'] = null;
  onmessage: PushSocket['onmessage'] = null;
  onclose: PushSocket['onclose'] = null;
  onerror: PushSocket['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
  // What the server does:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const message = (id: number): Message => ({
  id,
  messageType: 1,
  title: `告警${id}`,
  messageContent: '灯具故障',
  createTime: '2026-11-24T08:30:00+08:00',
  notifyTime: null,
  readStatus: false,
  projectId: 1,
  projectName: '人民路',
  link: null,
  inEnglish: null,
});
const unread = (noReadCount: number, fresh = false) => ({
  status_code: 1,
  type: 'messages',
  fresh,
  messageList: fresh ? [message(noReadCount)] : [],
  noReadCount,
});

let time: ReturnType<typeof manualClock>;
let frames: PushServerFrame[];
let states: PushState[];
let finalCloses: number[];
let token: string | null;

function startClient(random = () => 0) {
  const client = createPushClient({
    url: 'ws://host/api/push/message',
    getToken: () => token,
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    onFinalClose: (code) => finalCloses.push(code),
    WebSocket: FakeSocket,
    clock: time.clock,
    random,
  });
  client.start();
  return client;
}
const last = () => FakeSocket.made.at(-1) as FakeSocket;

beforeEach(() => {
  FakeSocket.made = [];
  time = manualClock();
  frames = [];
  states = [];
  finalCloses = [];
  token = 'tok-1';
});

describe('the push socket address', () => {
  it('is the message centre base plus /push/message, as ws: or wss: like the page', () => {
    expect(pushUrl('/api', { protocol: 'http:', host: 'city.example:8080' })).toBe(
      'ws://city.example:8080/api/push/message',
    );
    expect(pushUrl('/api/', { protocol: 'https:', host: 'city.example' })).toBe(
      'wss://city.example/api/push/message',
    );
    expect(pushUrl('https://msg.example/mc', { protocol: 'http:', host: 'x' })).toBe(
      'wss://msg.example/mc/push/message',
    );
    expect(pushUrl('http://10.0.0.5:9000', { protocol: 'https:', host: 'x' })).toBe(
      'ws://10.0.0.5:9000/push/message',
    );
    expect(pushUrl('//msg.example/mc', { protocol: 'https:', host: 'x' })).toBe(
      'wss://msg.example/mc/push/message',
    );
  });
});

describe('the push client', () => {
  it('opens after the start delay and sends the access token first', () => {
    startClient();
    expect(states).toEqual(['connecting']);
    time.advance(PUSH_OPEN_DELAY_MS - 1);
    expect(FakeSocket.made).toHaveLength(0);
    time.advance(1);
    expect(last().url).toBe('ws://host/api/push/message');
    last().open();
    expect(last().sent).toEqual([{ accessToken: 'tok-1' }]);
    last().receive(unread(3));
    expect(states).toEqual(['connecting', 'open']);
    expect(frames).toEqual([unread(3)]);
  });

  it('pings every beat and counts a socket silent for two beats as dead', () => {
    startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    const socket = last();
    socket.open();
    socket.receive(unread(0));
    time.advance(PUSH_HEARTBEAT_MS);
    expect(socket.sent).toEqual([{ accessToken: 'tok-1' }, { type: 'ping' }]);
    socket.receive({ status_code: 1, type: 'pong' });
    expect(frames).toHaveLength(1); // pongs are the client's business only
    time.advance(PUSH_HEARTBEAT_MS * 2);
    expect(socket.closedWith).toBeNull();
    expect(socket.sent.filter((frame) => JSON.stringify(frame).includes('ping'))).toHaveLength(3);
    // No pong for the last two pings: dead at the next beat, and retried.
    time.advance(PUSH_HEARTBEAT_MS);
    expect(socket.closedWith).toBe(4000);
    expect(states.at(-1)).toBe('down');
    time.advance(PUSH_BACKOFF_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('reconnects with a back-off doubling from 2 s to at most 60 s, with jitter below it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(backoffDelay(0, 0.999)).toBeGreaterThan(1_500);
    expect(backoffDelay(10, 0.5)).toBeLessThanOrEqual(PUSH_BACKOFF_MAX_MS);
    expect(backoffDelay(10, 0.5)).toBeLessThan(backoffDelay(10, 0));

    startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    const waits: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      last().serverClose(1006);
      const [wait] = time.pending();
      waits.push(wait ?? -1);
      time.advance(wait ?? 0);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(states).toEqual(['connecting', 'down']);
  });

  it('starts the back-off anew after a healthy connection, and the resync frame comes again', () => {
    startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    last().serverClose(1006);
    time.advance(2_000);
    last().serverClose(1006);
    time.advance(4_000);
    last().open();
    last().receive(unread(5));
    last().serverClose(1012); // the server restarts
    expect(time.pending()).toEqual([2_000]);
    time.advance(2_000);
    last().open();
    expect(last().sent).toEqual([{ accessToken: 'tok-1' }]);
    last().receive(unread(6));
    expect(frames.map((frame) => (frame.type === 'messages' ? frame.noReadCount : null))).toEqual([5, 6]);
    expect(states).toEqual(['connecting', 'down', 'open', 'down', 'open']);
  });

  it('stops for good when the session ended or msg_page is gone', () => {
    for (const code of [PUSH_CLOSE.unauthorized, PUSH_CLOSE.forbidden]) {
      FakeSocket.made = [];
      states = [];
      const client = startClient();
      time.advance(PUSH_OPEN_DELAY_MS);
      last().open();
      last().serverClose(code);
      expect(client.state).toBe('stopped');
      expect(time.pending()).toEqual([]);
      time.advance(PUSH_BACKOFF_MAX_MS * 2);
      expect(FakeSocket.made).toHaveLength(1);
    }
    expect(finalCloses).toEqual([4401, 4403]);
  });

  it('retries after other closes (a bad frame, a flood, a timeout)', () => {
    startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    last().serverClose(PUSH_CLOSE.flood);
    time.advance(PUSH_BACKOFF_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('ignores frames that are not the protocol, and they do not count as a sign of life', () => {
    startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    const socket = last();
    socket.open();
    socket.receive('not json');
    socket.receive({ status_code: 1, type: 'messages', fresh: true });
    socket.receive({ status_code: 1, type: 'gossip' });
    socket.receive({ status_code: 2, type: 'count', noReadCount: 1 });
    expect(frames).toEqual([]);
    expect(states).toEqual(['connecting']);
    socket.receive({ status_code: 1, type: 'count', noReadCount: 1 });
    socket.receive({ status_code: 1, type: 'changed', what: 'access' });
    expect(frames.map((frame) => frame.type)).toEqual(['count', 'changed']);
  });

  it('stops on sign-out: the socket closes normally and nothing is retried', () => {
    const client = startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    last().open();
    client.stop();
    expect(last().closedWith).toBe(1000);
    expect(states.at(-1)).toBe('stopped');
    time.advance(PUSH_BACKOFF_MAX_MS);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('does not connect without a token', () => {
    token = null;
    const client = startClient();
    time.advance(PUSH_OPEN_DELAY_MS);
    expect(FakeSocket.made).toHaveLength(0);
    expect(client.state).toBe('stopped');
  });

  it('counts a socket that never opens as down after two beats', () => {
    startClient();
    time.advance(PUSH_OPEN_DELAY_MS + PUSH_HEARTBEAT_MS * 3);
    expect(FakeSocket.made[0]?.closedWith).toBe(4000);
    expect(states).toEqual(['connecting', 'down']);
  });
});

describe('a socket of another protocol (the live device socket)', () => {
  it('has its own path, parses its own frames, opens without the delay and sends frames once open', () => {
    expect(pushUrl('/api', { protocol: 'http:', host: 'h' }, '/push/telemetry')).toBe(
      'ws://h/api/push/telemetry',
    );
    const seen: { type: string }[] = [];
    const client = createSocketClient({
      url: 'ws://h/api/push/telemetry',
      getToken: () => token,
      parse: jsonFrames(telemetryServerFrameSchema),
      onFrame: (frame) => seen.push(frame),
      openDelayMs: 0,
      WebSocket: FakeSocket,
      clock: time.clock,
    });
    client.start();
    time.advance(0);
    expect(client.send({ type: 'follow', deviceIds: [1] })).toBe(false);
    last().open();
    last().receive({ type: 'ready' });
    // A frame of the message protocol is not one of this socket's.
    last().receive(unread(3));
    last().receive({ type: 'values', deviceId: 1, t: 5, values: { temperature: 21.5 } });
    expect(client.send({ type: 'follow', deviceIds: [1] })).toBe(true);
    expect(last().sent).toEqual([{ accessToken: 'tok-1' }, { type: 'follow', deviceIds: [1] }]);
    expect(seen).toEqual([
      { type: 'ready' },
      { type: 'values', deviceId: 1, t: 5, values: { temperature: 21.5 } },
    ]);
    client.stop();
  });
});
