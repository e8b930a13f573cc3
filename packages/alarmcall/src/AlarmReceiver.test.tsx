import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALARM_NOTICE_COUNTDOWN_S,
  ALARM_NOTICE_STAGGER_MS,
  ALARM_SOCKET_OPEN_DELAY_MS,
  type AlarmRecord,
} from '@cityops/contract';
import { AlarmReceiverProvider } from './AlarmReceiver.js';
import { playRing } from './alerts.js';
import { FakeSocket } from './test/fakeSocket.js';
import { fakeHttp } from './test/http.js';
import { alarmRecord } from './test/records.js';

// The alarm-result socket is played by the test (SockJS needs a server).
vi.mock('./alarmSocket.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadSockJS: () => Promise.resolve(FakeSocket),
}));
// The call dialog's players and intercom need a browser (CallDialog.test.tsx and
// e2e/tests/alarm-call.e2e.ts cover them): here a stand-in says the dialog is open.
vi.mock('./CallDialog.js', () => ({
  CallDialog: ({ record }: { record: AlarmRecord }) => <div data-call-dialog-stand-in={record.id} />,
}));

/** WebAudio as far as the ring uses it: counts the rings (one audio context each). */
class FakeAudioContext {
  static made = 0;
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made += 1;
  }
  createGain() {
    return { gain: { value: 1 }, connect: () => undefined };
  }
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
  }
  close() {
    return Promise.resolve();
  }
}

/** The browser's notifications: what was shown, with the permission the test sets. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const notices = () => [...document.querySelectorAll<HTMLElement>('[data-alarm-notice]')];
const noticeIds = () => notices().map((notice) => Number(notice.dataset.alarmNotice));
const label = (id: number) =>
  (document.querySelector(`[data-alarm-answer="${id}"]`)?.textContent ?? '').replace(/\s/g, '');
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/**
 * The receiver of user 7, its socket open: `frame` plays the server's frames of records; `showNotices`
 * says whether the page in view lets notices pop up (`leaveReceiverPage` turns it on).
 */
async function startReceiver({ showNotices = true } = {}) {
  const answers: unknown[] = [];
  // The server accepts every answer: the call is user 7's.
  const http = fakeHttp((body) => {
    answers.push(body);
    const { alarmId } = body as { alarmId: number[] };
    return Promise.resolve(alarmRecord(alarmId[0] ?? 0, 9, 7));
  });
  const receiver = (notices: boolean) => (
    <AlarmReceiverProvider
      http={http}
      alarmServiceUrl="/alarm"
      alarmboxUrl="/alarmbox"
      getToken={() => 'token-1'}
      userId={7}
      enabled
      showNotices={notices}
      onOpenMonitor={() => undefined}
    />
  );
  const { rerender } = render(receiver(showNotices));
  await wait(ALARM_SOCKET_OPEN_DELAY_MS);
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('the receiver opened no socket');
  act(() => socket.open());
  return {
    answers,
    frame: (...records: AlarmRecord[]) => act(() => socket.receive({ status_code: 1, data: records })),
    leaveReceiverPage: () => rerender(receiver(true)),
  };
}

describe('alarm receiver (§4.6, §9)', () => {
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    FakeAudioContext.made = 0;
    FakeNotification.shown = [];
    FakeNotification.permission = 'granted';
    FakeNotification.requestPermission.mockClear();
    visibility = 'visible';
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the calls of a frame bottom-right, 1000 ms apart, with one ring, and never closes them', async () => {
    const { frame } = await startReceiver();
    frame(alarmRecord(1, 1), alarmRecord(2, 1), alarmRecord(3, 1));
    expect(FakeAudioContext.made).toBe(1);
    await wait(0);
    expect(noticeIds()).toEqual([1]);
    expect(notices()[0]?.closest('.ant-notification-bottomRight')).not.toBeNull();
    await wait(ALARM_NOTICE_STAGGER_MS - 1);
    expect(noticeIds()).toEqual([1]);
    await wait(1);
    expect(noticeIds()).toEqual([1, 2]);
    await wait(ALARM_NOTICE_STAGGER_MS);
    expect(noticeIds()).toEqual([1, 2, 3]);
    expect(label(3)).toBe('接听');

    // A later frame rings once more; a frame repeating a known call does not.
    frame(alarmRecord(4, 1), alarmRecord(5, 1));
    expect(FakeAudioContext.made).toBe(2);
    frame(alarmRecord(4, 1));
    expect(FakeAudioContext.made).toBe(2);
    // Ringing for minutes: still there (antd would close a notice after 4.5 s by default).
    await wait(10 * 60_000);
    expect(noticeIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it('rings and notifies a hidden tab on the receiver page, where no notice pops up until the user leaves it', async () => {
    const { frame, leaveReceiverPage } = await startReceiver({ showNotices: false });
    frame(alarmRecord(1, 1));
    expect(FakeAudioContext.made).toBe(1);
    visibility = 'hidden';
    frame(alarmRecord(2, 1));
    expect(FakeAudioContext.made).toBe(2);
    expect(FakeNotification.shown.map((shown) => shown.options.tag)).toEqual(['alarm-2']);
    await wait(2 * ALARM_NOTICE_STAGGER_MS);
    expect(noticeIds()).toEqual([]);

    // Elsewhere the calls still ringing pop up, without ringing a second time.
    leaveReceiverPage();
    await wait(2 * ALARM_NOTICE_STAGGER_MS);
    expect(noticeIds()).toEqual([1, 2]);
    expect(FakeAudioContext.made).toBe(2);
  });

  it('closes a notice when its 已结束(5) or 已被接听(5) countdown ends, and not before', async () => {
    const { frame } = await startReceiver();
    frame(alarmRecord(1, 1), alarmRecord(2, 1), alarmRecord(3, 1));
    await wait(2 * ALARM_NOTICE_STAGGER_MS);
    frame(alarmRecord(1, 0), alarmRecord(2, 9, 99));
    expect([label(1), label(2), label(3)]).toEqual(['已结束(5)', '已被接听(5)', '接听']);
    await wait((ALARM_NOTICE_COUNTDOWN_S - 1) * 1000);
    expect([label(1), label(2)]).toEqual(['已结束(1)', '已被接听(1)']);
    await wait(1000);
    expect(noticeIds()).toEqual([3]);
    // The receiver closed their antd notices too (they fade out): one stays open.
    expect(
      document.querySelectorAll('.ant-notification-notice:not(.ant-notification-fade-leave)'),
    ).toHaveLength(1);
  });

  it('notifies the browser only while the tab is hidden and notifications are allowed; a click answers', async () => {
    const { frame, answers } = await startReceiver();
    frame(alarmRecord(1, 1));
    expect(FakeNotification.shown).toEqual([]);
    visibility = 'hidden';
    FakeNotification.permission = 'denied';
    frame(alarmRecord(2, 1));
    expect(FakeNotification.shown).toEqual([]);
    FakeNotification.permission = 'granted';
    frame(alarmRecord(3, 1), alarmRecord(4, 1));
    expect(FakeNotification.shown.map((shown) => [shown.title, shown.options.tag])).toEqual([
      ['一键报警', 'alarm-3'],
      ['一键报警', 'alarm-4'],
    ]);
    expect(FakeNotification.shown[0]?.options.body).toContain('报警柱3');

    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    await act(async () => FakeNotification.shown[0]?.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(answers).toEqual([{ alarmId: [3], devId: [103], interfaceType: 1 }]);
    expect(FakeNotification.shown[0]?.closed).toBe(true);
    expect(
      document.querySelector('[data-call-dialog-stand-in]')?.getAttribute('data-call-dialog-stand-in'),
    ).toBe('3');
  });

  it('asks for the permission once, on the first click, when the browser has not been asked', async () => {
    FakeNotification.permission = 'default';
    await startReceiver();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(document.body);
    fireEvent.click(document.body);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('rings silently where audio cannot start (no WebAudio, or autoplay refused)', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => playRing()).not.toThrow();
    vi.stubGlobal('AudioContext', function RefusedAudioContext() {
      throw new Error('autoplay refused');
    });
    expect(() => playRing()).not.toThrow();
  });
});
