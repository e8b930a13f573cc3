import { describe, expect, it } from 'vitest';
import { ALARM_LISTEN_PATH, ALARM_TALK_PATH, TALK_FRAME_BYTES } from '@cityops/contract';
import { createIntercom, intercomBaseUrl, intercomStatusKey, type IntercomState } from './intercom.js';
import { FakeSocket } from './test/fakeSocket.js';

const hello = { accessToken: 'token-1', devIds: [101], terminals: 'BOX-1' };

function socketAt(path: string): FakeSocket {
  const socket = FakeSocket.made.find((made) => made.url.endsWith(path));
  if (!socket) throw new Error(`no socket at ${path}`);
  return socket;
}

function setUp(microphone: 'present' | 'missing') {
  FakeSocket.made = [];
  const states: IntercomState[] = [];
  const heard: ArrayBuffer[] = [];
  let speak: (frame: ArrayBuffer) => void = () => undefined;
  const intercom = createIntercom({
    baseWsUrl: 'ws://ops.test/api',
    hello,
    listen: true,
    deps: {
      WebSocket: FakeSocket,
      openMicrophone: (onFrame) => {
        speak = onFrame;
        return microphone === 'present'
          ? Promise.resolve({ stop: () => undefined })
          : Promise.reject(new Error('none'));
      },
    },
    onAudio: (frame) => heard.push(frame),
    onChange: (state) => states.push(state),
  });
  return { intercom, states, heard, speak: (frame: ArrayBuffer) => speak(frame) };
}

describe('intercom', () => {
  it('addresses the sockets from alarmboxUrl as the page does', () => {
    expect(intercomBaseUrl('/api', { protocol: 'https:', host: 'ops.test' })).toBe('wss://ops.test/api');
    expect(intercomBaseUrl('http://box.test/x/', { protocol: 'https:', host: 'ops.test' })).toBe(
      'ws://box.test/x',
    );
  });

  it('is connected only when both sockets are ready and a microphone is present; sends and plays PCM', async () => {
    const { intercom, heard, speak } = setUp('present');
    const listen = socketAt(ALARM_LISTEN_PATH);
    const talk = socketAt(ALARM_TALK_PATH);
    listen.open();
    talk.open();
    expect(listen.sent).toEqual([hello]);
    expect(talk.sent).toEqual([hello]);
    expect(intercomStatusKey(intercom.state, false)).toBe('micConnecting');
    await Promise.resolve();
    expect(intercom.state.mic).toBe('connected');
    expect(intercomStatusKey(intercom.state, false)).toBe('linking');
    listen.receive({ type: 'ready', devIds: [101] });
    expect(intercom.state.connected).toBe(false);
    talk.receive({ type: 'ready', devIds: [101] });
    expect(intercom.state.connected).toBe(true);
    expect(intercomStatusKey(intercom.state, false)).toBe('micConnected');
    expect(intercomStatusKey(intercom.state, true)).toBe('yellReady');
    speak(new ArrayBuffer(TALK_FRAME_BYTES));
    expect(talk.sent.at(-1)).toBeInstanceOf(ArrayBuffer);
    expect(intercom.state.sentFrames).toBe(1);
    listen.receive(new ArrayBuffer(TALK_FRAME_BYTES));
    expect(heard).toHaveLength(1);
    talk.serverClose(4410);
    expect(intercomStatusKey(intercom.state, false)).toBe('notLinked');
    intercom.stop();
  });

  it('says which connection failed, and when no microphone is present', async () => {
    const first = setUp('present');
    socketAt(ALARM_LISTEN_PATH).serverClose(4403);
    expect(intercomStatusKey(first.intercom.state, false)).toBe('listenFailed');
    first.intercom.stop();
    const second = setUp('present');
    socketAt(ALARM_TALK_PATH).serverClose(4403);
    expect(intercomStatusKey(second.intercom.state, false)).toBe('talkFailed');
    second.intercom.stop();
    const third = setUp('missing');
    await Promise.resolve();
    await Promise.resolve();
    expect(intercomStatusKey(third.intercom.state, false)).toBe('micMissing');
    third.intercom.stop();
  });
});
