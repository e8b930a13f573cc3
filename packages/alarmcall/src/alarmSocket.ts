// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the shell and iotcloud typecheck this file without the package's ambient declarations
/// <reference path="./sockjs.d.ts" />
import {
  ALARM_RESULT_PATH,
  ALARM_SOCKET_OPEN_DELAY_MS,
  alarmServerFrameSchema,
  type AlarmClientFrame,
  type AlarmRecord,
  type AlarmServerFrame,
} from '@cityops/contract';
import {
  createSocketClient,
  jsonFrames,
  type PushClient,
  type PushClock,
  type PushSocketConstructor,
  type PushState,
} from '@cityops/client';

/**
 * The alarm-result socket (§7, contract alarmbox/calls.ts): SockJS at `{alarmServiceUrl}` +
 * ALARM_RESULT_PATH, opened ALARM_SOCKET_OPEN_DELAY_MS after start, first frame
 * `{devIds: [], accessToken}`, then the message socket's pings, back-off and final closes (4401/4403):
 * the same client as the message socket (packages/client push.ts), with this protocol's frames.
 */

/** SockJS takes an http(s) address: a relative base is taken relative to the page. */
export function alarmResultUrl(alarmServiceUrl: string, page: { origin: string }): string {
  const base = alarmServiceUrl.trim().replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) return `${base}${ALARM_RESULT_PATH}`;
  if (/^wss?:\/\//i.test(base)) return `${base.replace(/^ws/i, 'http')}${ALARM_RESULT_PATH}`;
  const prefix = base === '' || base.startsWith('/') ? base : `/${base}`;
  return `${page.origin}${prefix}${ALARM_RESULT_PATH}`;
}

export interface AlarmResultOptions {
  url: string;
  getToken(): string | null;
  /**
   * The records of each frame. `whole`: the first frame of a connection, listing every live call (a
   * call missing from it ended while the socket was down); after it, the changes.
   */
  onRecords(records: AlarmRecord[], whole: boolean): void;
  onState?(state: PushState): void;
  onFinalClose?(code: number): void;
  /** The SockJS class (or a fake); loaded by the caller so the entry stays small. */
  SockJS: PushSocketConstructor;
  clock?: PushClock;
  random?(): number;
}

export function createAlarmResultClient(options: AlarmResultOptions): PushClient {
  let whole = true;
  return createSocketClient<AlarmServerFrame>({
    url: options.url,
    getToken: options.getToken,
    parse: jsonFrames<AlarmServerFrame>(alarmServerFrameSchema),
    onFrame: (frame) => {
      const first = whole;
      whole = false;
      options.onRecords(frame.data, first);
    },
    openDelayMs: ALARM_SOCKET_OPEN_DELAY_MS,
    helloFrame: (accessToken): AlarmClientFrame => ({ devIds: [], accessToken }),
    WebSocket: options.SockJS,
    onState: (state) => {
      // Whatever connection comes next starts with the whole list again.
      if (state !== 'open') whole = true;
      options.onState?.(state);
    },
    ...(options.onFinalClose ? { onFinalClose: options.onFinalClose } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
}

/**
 * Loads SockJS (its browser bundle: the package's sources expect Node's `global`), held to the
 * websocket transport: the only one the server speaks. Were the socket refused, the fallbacks (XHR
 * streaming, an iframe, JSONP scripts) would each fail on a 404 with console errors, then give up
 * anyway; the client's back-off tries the websocket again instead.
 */
export async function loadSockJS(): Promise<PushSocketConstructor> {
  const { default: SockJS } = await import('sockjs-client/dist/sockjs.min.js');
  return class WebSocketOnly extends SockJS {
    constructor(url: string) {
      super(url, undefined, { transports: ['websocket'] });
    }
  } as unknown as PushSocketConstructor;
}
