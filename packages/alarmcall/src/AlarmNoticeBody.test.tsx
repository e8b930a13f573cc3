import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlarmNoticeBody } from './AlarmNoticeBody.js';
import { createReceiverStore } from './receiverStore.js';
import { alarmRecord } from './test/records.js';

/** The answer button of a notice: its label (antd spaces two-character labels) and whether it is enabled. */
function button(id: number) {
  const element = document.querySelector<HTMLButtonElement>(`[data-alarm-answer="${id}"]`);
  if (!element) throw new Error(`no button ${id}`);
  return { element, label: (element.textContent ?? '').replace(/\s/g, ''), disabled: element.disabled };
}

describe('alarm notice', () => {
  it('answers while ringing, then counts 已结束(5) down when the call ends', () => {
    const store = createReceiverStore();
    store.getState().receive([alarmRecord(1, 1)], 7);
    const onAnswer = vi.fn();
    const { container } = render(<AlarmNoticeBody store={store} id={1} onAnswer={onAnswer} />);
    expect(button(1).label).toBe('接听');
    fireEvent.click(button(1).element);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    act(() => void store.getState().receive([alarmRecord(1, 0)], 7));
    expect(button(1)).toMatchObject({ label: '已结束(5)', disabled: true });
    act(() => store.getState().tick());
    expect(button(1).label).toBe('已结束(4)');
    for (let i = 0; i < 4; i += 1) act(() => store.getState().tick());
    expect(container.querySelector('[data-alarm-notice]')).toBeNull();
  });

  it('shows 已被接听(5) when another operator answered, and disables answering while a call is active', () => {
    const store = createReceiverStore();
    store.getState().receive([alarmRecord(1, 1), alarmRecord(2, 1)], 7);
    render(
      <>
        <AlarmNoticeBody store={store} id={1} onAnswer={() => undefined} />
        <AlarmNoticeBody store={store} id={2} onAnswer={() => undefined} />
      </>,
    );
    act(() => {
      store.getState().beginAnswer(2, false);
      store.getState().answerAccepted(alarmRecord(2, 9, 7));
    });
    expect(button(1)).toMatchObject({ label: '接听', disabled: true });
    const busyHint = (noticeId: number) =>
      document.querySelector(`[data-alarm-notice="${noticeId}"] [data-alarm-busy]`)?.textContent;
    expect(busyHint(1)).toBe('当前正在接听');
    expect(busyHint(2)).toBeUndefined();
    act(() => void store.getState().receive([alarmRecord(1, 9, 99)], 7));
    expect(button(1).label).toBe('已被接听(5)');
  });
});
