import { describe, expect, it } from 'vitest';
import { ALARM_NOTICE_COUNTDOWN_S } from '@cityops/contract';
import {
  answerAccepted,
  answerRefused,
  callsInProgress,
  beginAnswer,
  canAnswer,
  closeCall,
  initialReceiverState,
  receiveRecords,
  ringingNotices,
  tick,
  type ReceiverState,
} from './receiverLogic.js';
import { alarmRecord } from './test/records.js';

const ME = 7;
const receive = (state: ReceiverState, ...records: Parameters<typeof alarmRecord>[]) =>
  receiveRecords(
    state,
    records.map((args) => alarmRecord(...args)),
    ME,
  );

describe('alarm receiver rules (§4.6)', () => {
  it('a ringing call makes a notice that never closes by itself', () => {
    let { state } = receive(initialReceiverState, [1, 1], [2, 1]);
    expect(state.order).toEqual([1, 2]);
    for (let i = 0; i < 100; i += 1) state = tick(state);
    expect(ringingNotices(state).map((notice) => notice.record.id)).toEqual([1, 2]);
    expect(canAnswer(state, 1)).toBe(true);
  });

  it('an ended call that is not the current one counts 已结束(5) down and closes', () => {
    let { state } = receive(initialReceiverState, [1, 1]);
    ({ state } = receive(state, [1, 0]));
    expect(state.notices[1]).toMatchObject({ phase: 'ended', countdown: ALARM_NOTICE_COUNTDOWN_S });
    expect(canAnswer(state, 1)).toBe(false);
    for (let i = 1; i < ALARM_NOTICE_COUNTDOWN_S; i += 1) state = tick(state);
    expect(state.notices[1]?.countdown).toBe(1);
    state = tick(state);
    expect(state.notices[1]).toBeUndefined();
    expect(state.order).toEqual([]);
  });

  it('a call answered elsewhere counts 已被接听(5) down; a late ringing frame does not revive it', () => {
    let { state } = receive(initialReceiverState, [1, 1]);
    ({ state } = receive(state, [1, 9, 99]));
    expect(state.notices[1]).toMatchObject({ phase: 'answered', countdown: ALARM_NOTICE_COUNTDOWN_S });
    ({ state } = receive(state, [1, 1]));
    expect(state.notices[1]?.phase).toBe('answered');
  });

  it('the current call ending closes it with 此报警已结束', () => {
    let { state } = receive(initialReceiverState, [1, 1], [2, 1]);
    const begun = beginAnswer(state, 1, false);
    expect(begun.refused).toBeNull();
    state = answerAccepted(begun.state, alarmRecord(1, 9, ME));
    expect(state.current?.id).toBe(1);
    expect(state.notices[1]).toBeUndefined();
    const step = receive(state, [1, 0]);
    expect(step.messages).toEqual(['callEnded']);
    expect(step.state.current).toBeNull();
  });

  it('the answered frame of the current call keeps it current (not 已被接听)', () => {
    let { state } = receive(initialReceiverState, [1, 1]);
    state = answerAccepted(beginAnswer(state, 1, false).state, alarmRecord(1, 9, ME));
    const step = receive(state, [1, 9, ME]);
    expect(step.state.current?.id).toBe(1);
    expect(step.state.notices[1]).toBeUndefined();
  });

  it('the answered frame may arrive before the answer response', () => {
    let { state } = receive(initialReceiverState, [1, 1]);
    state = beginAnswer(state, 1, false).state;
    ({ state } = receive(state, [1, 9, ME]));
    expect(state.current?.id).toBe(1);
    expect(state.answering).toBeNull();
    expect(state.notices[1]).toBeUndefined();
  });

  it('one call at a time: other buttons disabled, and answering again is refused with the warnings', () => {
    let { state } = receive(initialReceiverState, [1, 1], [2, 1]);
    state = beginAnswer(state, 1, false).state;
    expect(canAnswer(state, 2)).toBe(false);
    expect(beginAnswer(state, 2, false).refused).toBe('busy');
    state = answerAccepted(state, alarmRecord(1, 9, ME));
    expect(canAnswer(state, 2)).toBe(false);
    expect(beginAnswer(state, 2, true).refused).toBe('busyDialog');
    state = closeCall(state);
    expect(canAnswer(state, 2)).toBe(true);
  });

  it('a refused answer frees the buttons and keeps the notice', () => {
    let { state } = receive(initialReceiverState, [1, 1]);
    state = answerRefused(beginAnswer(state, 1, false).state);
    expect(state.answering).toBeNull();
    expect(canAnswer(state, 1)).toBe(true);
  });

  it('a reconnection’s whole list closes what ended meanwhile: the current call with 此报警已结束', () => {
    let { state } = receive(initialReceiverState, [1, 1], [2, 1], [3, 1]);
    state = answerAccepted(beginAnswer(state, 1, false).state, alarmRecord(1, 9, ME));
    ({ state } = receive(state, [2, 0]));
    const step = receiveRecords(state, [alarmRecord(3, 1), alarmRecord(4, 1)], ME, true);
    expect(step.messages).toEqual(['callEnded']);
    expect(step.state.current).toBeNull();
    // 2 was already counting 已结束 down: it keeps counting; 3 still rings; 4 is new.
    expect(step.state.order).toEqual([2, 3, 4]);
    expect(step.state.notices[2]?.phase).toBe('ended');
    const quiet = receiveRecords(step.state, [alarmRecord(4, 1)], ME, true);
    expect(quiet.messages).toEqual([]);
    expect(quiet.state.order).toEqual([2, 4]);
    expect(receiveRecords(quiet.state, [], ME).state.order).toEqual([2, 4]);
  });

  it('after a reload, the whole list gives back the call this user talks in; a change frame does not', () => {
    expect(receive(initialReceiverState, [6, 9, ME]).state.current).toBeNull();
    const step = receiveRecords(initialReceiverState, [alarmRecord(5, 1), alarmRecord(6, 9, ME)], ME, true);
    expect(step.state.current?.id).toBe(6);
    expect(step.state.order).toEqual([5]);
    expect(receiveRecords(initialReceiverState, [alarmRecord(6, 9, 99)], ME, true).state.current).toBeNull();
  });

  it('ended or answered calls never seen ringing make no notice', () => {
    const { state, messages } = receive(initialReceiverState, [3, 0], [4, 9, 99]);
    expect(state.order).toEqual([]);
    expect(messages).toEqual([]);
  });
});

describe('calls in progress (报警接听)', () => {
  it('keeps answered calls until they end', () => {
    let calls = callsInProgress({}, [alarmRecord(1, 1), alarmRecord(2, 9, 99)]);
    expect(Object.keys(calls)).toEqual(['2']);
    calls = callsInProgress(calls, [alarmRecord(1, 9, ME), alarmRecord(2, 0)]);
    expect(Object.keys(calls)).toEqual(['1']);
    calls = callsInProgress({ ...calls, 5: alarmRecord(5, 9, 99) }, [alarmRecord(5, 9, 99)], true);
    expect(Object.keys(calls)).toEqual(['5']);
  });
});
