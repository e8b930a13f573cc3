import {
  ALARM_LISTEN_PATH,
  ALARM_TALK_PATH,
  TALK_FRAME_BYTES,
  talkServerFrameSchema,
  type TalkOpenFrame,
} from '@cityops/contract';

/**
 * The intercom (§4.2, §8): the listen socket (the box's voice) and the talk socket (the operator's),
 * both opened with `talkOpenFrameSchema`'s frame, and the microphone. Connected only when both sockets
 * are ready AND a microphone is present. Framework-free: sockets and the microphone are injected.
 */

export type MicState = 'connecting' | 'connected' | 'missing';
/** `linking`: opening; `ready`: the server relays; `failed`: never got ready; `closed`: dropped after. */
export type LinkState = 'linking' | 'ready' | 'failed' | 'closed';

export interface IntercomState {
  mic: MicState;
  /** null: no listen socket (远程喊话 only talks). */
  listen: LinkState | null;
  talk: LinkState;
  connected: boolean;
  sentFrames: number;
}

export interface IntercomSocket {
  readyState: number;
  binaryType: string;
  send(data: string | ArrayBuffer): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Microphone {
  stop(): void;
}

export interface IntercomDeps {
  WebSocket: new (url: string) => IntercomSocket;
  /** Opens the microphone, handing TALK_FRAME_BYTES frames; rejects when there is none. */
  openMicrophone(onFrame: (frame: ArrayBuffer) => void): Promise<Microphone>;
}

export interface IntercomOptions {
  /** `{alarmboxUrl}` as ws(s). */
  baseWsUrl: string;
  hello: TalkOpenFrame;
  listen: boolean;
  deps: IntercomDeps;
  /** The listen socket's PCM. */
  onAudio?(frame: ArrayBuffer): void;
  onChange(state: IntercomState): void;
}

export interface Intercom {
  stop(): void;
  readonly state: IntercomState;
}

/** `{alarmboxUrl}` as a ws(s) base: relative to the page (wss on https). */
export function intercomBaseUrl(alarmboxUrl: string, page: { protocol: string; host: string }): string {
  const base = alarmboxUrl.trim().replace(/\/+$/, '');
  const absolute = /^(https?|wss?):\/\//i.exec(base);
  if (absolute) return base.replace(/^http/i, 'ws');
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const prefix = base === '' || base.startsWith('/') ? base : `/${base}`;
  return `${scheme}//${page.host}${prefix}`;
}

const OPEN = 1;

export function createIntercom(options: IntercomOptions): Intercom {
  const { deps } = options;
  let state: IntercomState = {
    mic: 'connecting',
    listen: options.listen ? 'linking' : null,
    talk: 'linking',
    connected: false,
    sentFrames: 0,
  };
  let stopped = false;
  let microphone: Microphone | null = null;
  const sockets: IntercomSocket[] = [];

  const update = (change: Partial<IntercomState>) => {
    const next = { ...state, ...change };
    next.connected =
      next.mic === 'connected' && next.talk === 'ready' && (next.listen === null || next.listen === 'ready');
    state = next;
    options.onChange(state);
  };

  function open(path: string, which: 'listen' | 'talk'): IntercomSocket {
    const socket = new deps.WebSocket(`${options.baseWsUrl}${path}`);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => socket.send(JSON.stringify(options.hello));
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const frame = talkServerFrameSchema.safeParse(parsed);
        if (frame.success && frame.data.type === 'ready') update({ [which]: 'ready' });
        return;
      }
      if (which === 'listen' && event.data instanceof ArrayBuffer) options.onAudio?.(event.data);
    };
    socket.onclose = () => {
      if (stopped) return;
      update({ [which]: state[which] === 'ready' ? 'closed' : 'failed' });
    };
    socket.onerror = null;
    sockets.push(socket);
    return socket;
  }

  const talk = open(ALARM_TALK_PATH, 'talk');
  if (options.listen) open(ALARM_LISTEN_PATH, 'listen');

  deps
    .openMicrophone((frame) => {
      if (stopped || talk.readyState !== OPEN || state.talk !== 'ready') return;
      if (frame.byteLength !== TALK_FRAME_BYTES) return;
      talk.send(frame);
      update({ sentFrames: state.sentFrames + 1 });
    })
    .then(
      (opened) => {
        if (stopped) opened.stop();
        else {
          microphone = opened;
          update({ mic: 'connected' });
        }
      },
      () => {
        if (!stopped) update({ mic: 'missing' });
      },
    );

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      microphone?.stop();
      for (const socket of sockets) {
        socket.onopen = socket.onmessage = socket.onclose = null;
        try {
          socket.close(1000);
        } catch {
          // Closing a socket that never opened may throw; it is gone either way.
        }
      }
    },
    get state() {
      return state;
    },
  };
}

/** The line under the intercom (§8's texts, by key of texts.ts). */
export function intercomStatusKey(
  state: IntercomState,
  yelling: boolean,
):
  | 'micConnecting'
  | 'micMissing'
  | 'linking'
  | 'listenFailed'
  | 'talkFailed'
  | 'notLinked'
  | 'yellReady'
  | 'micConnected' {
  if (state.mic === 'missing') return 'micMissing';
  if (state.listen === 'failed') return 'listenFailed';
  if (state.talk === 'failed') return 'talkFailed';
  if (state.listen === 'closed' || state.talk === 'closed') return 'notLinked';
  if (state.mic === 'connecting') return 'micConnecting';
  if (!state.connected) return 'linking';
  return yelling ? 'yellReady' : 'micConnected';
}
