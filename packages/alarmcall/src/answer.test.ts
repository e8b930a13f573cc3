import { describe, expect, it, vi } from 'vitest';
import { answerAlarm } from './answer.js';
import { createReceiverStore } from './receiverStore.js';
import { fakeHttp } from './test/http.js';
import { alarmRecord } from './test/records.js';

describe('answering', () => {
  it('posts updateAlarmPeople (interfaceType 1 with the alarm, 0 to call a box) and makes the call current', async () => {
    const store = createReceiverStore();
    store.getState().receive([alarmRecord(1, 1)], 7);
    const bodies: unknown[] = [];
    const http = fakeHttp((body) => {
      bodies.push(body);
      return Promise.resolve(alarmRecord(1, 9, 7));
    });
    const warn = vi.fn();
    expect(await answerAlarm({ http, store, warn }, 101, 1, false)).toBe(true);
    expect(bodies).toEqual([{ alarmId: [1], devId: [101], interfaceType: 1 }]);
    expect(store.getState().current?.id).toBe(1);
    // A second answer while the call is active: 当前正在接听, no request.
    expect(await answerAlarm({ http, store, warn }, 102, null, true)).toBe(false);
    expect(warn).toHaveBeenCalledWith('busyDialog');
    expect(bodies).toHaveLength(1);
    store.getState().closeCall();
    await answerAlarm({ http, store, warn }, 102, null, false);
    expect(bodies.at(-1)).toEqual({ devId: [102], interfaceType: 0 });
  });

  it('a refusal (shown by the http client) frees the buttons', async () => {
    const store = createReceiverStore();
    store.getState().receive([alarmRecord(1, 1)], 7);
    const http = fakeHttp(() => Promise.reject(new Error('alarmbox.answeredElsewhere')));
    expect(await answerAlarm({ http, store, warn: () => undefined }, 101, 1, false)).toBe(false);
    expect(store.getState().answering).toBeNull();
    expect(store.getState().current).toBeNull();
  });
});
