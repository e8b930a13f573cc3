import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@cityops/contract';
import { createReceiverStore } from '@cityops/alarmcall';
import { alarmRecord } from '@cityops/alarmcall/testing';
import { initI18n } from '@cityops/ui';
import { AlarmBellButton } from './AlarmBell';

beforeAll(async () => {
  await initI18n('zh-CN');
});

const record = (id: number, eventStatus: AlarmRecord['eventStatus'] = 1) => alarmRecord(id, eventStatus);

describe('the header alarm bell', () => {
  it('counts the ringing calls, lists them on click, answers from the list, and disables 接听 during a call', async () => {
    const store = createReceiverStore();
    const answered: Array<[number, number | null]> = [];
    const { container } = render(
      <AlarmBellButton
        receiver={{ store, answer: (devId, alarmId) => answered.push([devId, alarmId]) }}
        label="报警接听"
      />,
    );
    const bell = () => container.querySelector('[data-alarm-bell]');
    expect(bell()?.getAttribute('data-alarm-bell')).toBe('0');
    act(() => {
      store.getState().receive([record(1), record(2)], 7);
    });
    expect(bell()?.getAttribute('data-alarm-bell')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: '报警接听' }));
    const answer = (id: number) =>
      document.querySelector(`[data-alarm-ringing-list] [data-alarm-answer="${id}"]`) as HTMLButtonElement;
    await waitFor(() => expect(answer(1)).toBeTruthy());
    expect(screen.getByText('报警柱2')).toBeTruthy();
    fireEvent.click(answer(2));
    expect(answered).toEqual([[102, 2]]);

    // While a call is being answered, the other buttons are disabled; an ended call leaves the count.
    act(() => {
      store.getState().beginAnswer(2, false);
      store.getState().receive([record(1, 0)], 7);
    });
    expect(bell()?.getAttribute('data-alarm-bell')).toBe('1');
    expect(answer(1)).toBeNull();
    expect(answer(2).disabled).toBe(true);
  });
});
