import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALARM_RESULT_PATH,
  ALARM_SOCKET_OPEN_DELAY_MS,
  PUSH_HEARTBEAT_MS,
  type AlarmRecord,
} from '@cityops/contract';
import { alarmResultUrl, createAlarmResultClient } from './alarmSocket.js';
import { FakeSocket } from './test/fakeSocket.js';
import { alarmRecord } from './test/records.js';

function made(index: number): FakeSocket {
  const socket = FakeSocket.made[index];
  if (!socket) throw new Error(`socket ${index} was not made`);
  return socket;
}

describe('alarm-result socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('takes the page setting as an http address for SockJS', () => {
    expect(alarmResultUrl('/api', { origin: 'https://ops.example' })).toBe(
      `https://ops.example/api${ALARM_RESULT_PATH}`,
    );
    expect(alarmResultUrl('wss://alarm.example/x/', { origin: 'https://ops.example' })).toBe(
      `https://alarm.example/x${ALARM_RESULT_PATH}`,
    );
  });

  it('opens after the delay, signs in with {devIds: [], accessToken}, pings, passes records, reconnects, stops on 4401', () => {
    const received: AlarmRecord[][] = [];
    const wholes: boolean[] = [];
    const client = createAlarmResultClient({
      url: 'http://x/api/alarm',
      getToken: () => 'token-1',
      onRecords: (records, whole) => {
        received.push(records);
        wholes.push(whole);
      },
      SockJS: FakeSocket,
      random: () => 0,
    });
    client.start();
    vi.advanceTimersByTime(ALARM_SOCKET_OPEN_DELAY_MS - 1);
    expect(FakeSocket.made).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const first = made(0);
    first.open();
    expect(first.sent).toEqual([{ devIds: [], accessToken: 'token-1' }]);
    first.receive({ status_code: 1, data: [alarmRecord(1, 1)] });
    expect(received.map((records) => records.map((record) => record.id))).toEqual([[1]]);
    expect(client.state).toBe('open');
    vi.advanceTimersByTime(PUSH_HEARTBEAT_MS);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ status_code: 1, type: 'pong', data: [] });
    expect(received).toHaveLength(1);
    first.receive({ status_code: 1, type: 'calls', data: [alarmRecord(1, 9, 3)] });
    first.serverClose(1006);
    expect(client.state).toBe('down');
    vi.advanceTimersByTime(60_000);
    const second = made(1);
    second.open();
    second.receive({ status_code: 1, type: 'calls', data: [] });
    // The first frame of each connection is the whole list; the others, changes.
    expect(wholes).toEqual([true, false, true]);
    second.serverClose(4401);
    expect(client.state).toBe('stopped');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.made).toHaveLength(2);
  });
});
