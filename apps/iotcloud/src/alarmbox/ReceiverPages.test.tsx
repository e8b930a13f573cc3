import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALARM_TALK_PATH,
  alarmCallEndpoints,
  YELL_MAX_BOXES,
  type AlarmBoxRow,
  type AlarmRecord,
} from '@cityops/contract';
import { createReceiverStore, type IntercomDeps } from '@cityops/alarmcall';
import { IntercomDepsContext } from '@cityops/alarmcall/intercom';
import { alarmRecord, FakeSocket } from '@cityops/alarmcall/testing';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { ReceiverBoard } from './MonitorReceiverPage';
import { YellingPage, yellFrame } from './YellingPage';

beforeAll(() => initI18n('zh-CN'));

/** A box of the yell list: the box of `alarmRecord(n)` (id 100 + n, control code BOX-n), idle. */
const box = (n: number): AlarmBoxRow => ({
  ...alarmRecord(n, 0).deviceDto,
  deviceKey: `alarmbox-${n}`,
  online: true,
  state: 'idle',
  call: null,
  lastCallTime: null,
});

const intercom: IntercomDeps = {
  WebSocket: FakeSocket,
  openMicrophone: () => Promise.resolve({ stop: () => undefined }),
};

describe('报警接听 (the duty view)', () => {
  it('shows the ringing calls large with 接听, the calls in progress beside them, and 暂无报警 when none ring', () => {
    const store = createReceiverStore();
    const answered: AlarmRecord[] = [];
    const talking = alarmRecord(2, 9, 9);
    const onAnswer = (one: AlarmRecord) => answered.push(one);
    const view = render(<ReceiverBoard store={store} inProgress={{}} onAnswer={onAnswer} />);
    expect(screen.getByText('暂无报警')).toBeTruthy();

    act(() => {
      store.getState().receive([alarmRecord(1, 1), alarmRecord(3, 1)], 7, true);
    });
    view.rerender(<ReceiverBoard store={store} inProgress={{ 2: talking }} onAnswer={onAnswer} />);
    expect(screen.queryByText('暂无报警')).toBeNull();
    const ringing = view.container.querySelectorAll('[data-receiver-call]');
    expect([...ringing].map((card) => card.getAttribute('data-receiver-call'))).toEqual(['1', '3', '2']);
    const first = view.container.querySelector('[data-receiver-call="1"]') as HTMLElement;
    expect(within(first).getByText('报警柱1')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: /接\s?听/ }));
    expect(answered.map((one) => one.id)).toEqual([1]);
    const inCall = view.container.querySelector('[data-receiver-call="2"]') as HTMLElement;
    expect(within(inCall).getByText('user9')).toBeTruthy();
    expect(within(inCall).queryByRole('button', { name: /接\s?听/ })).toBeNull();

    // A call answered elsewhere leaves the ringing column.
    act(() => {
      store.getState().receive([alarmRecord(3, 9, 9)], 7);
    });
    expect(view.container.querySelector('[data-receiver-call="3"]')).toBeNull();
  });
});

/**
 * Ticks a box and waits until it shows ticked: antd's group drops a click on a checkbox that has not
 * registered itself yet (its effect may not have run when the list first paints), so it clicks again.
 */
async function choose(container: HTMLElement, devId: number) {
  const input = () => {
    const item = container.querySelector(`[data-yell-box="${devId}"]`);
    return (item?.matches('input') ? item : item?.querySelector('input')) as HTMLInputElement;
  };
  await waitFor(() => {
    if (!input().checked) fireEvent.click(input());
    expect(input().checked).toBe(true);
  });
}

describe('远程喊话', () => {
  const targets = [box(1), box(2), box(3)];
  const renderYelling = () =>
    renderWithKit(
      <IntercomDepsContext.Provider value={intercom}>
        <YellingPage />
      </IntercomDepsContext.Provider>,
      {
        server: { [alarmCallEndpoints.yellTargets.path]: () => targets },
        path: '/iotcloud/iot/broadcast/yelling',
      },
    );

  it('says 请先选择设备 when no box is chosen, and opens nothing', async () => {
    FakeSocket.made = [];
    renderYelling();
    await screen.findByText('报警柱1');
    fireEvent.click(screen.getByRole('button', { name: /开始喊话/ }));
    await screen.findByText('请先选择设备');
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('shouts to the chosen boxes through one talk socket, and stops after 确定停止喊话吗？', async () => {
    FakeSocket.made = [];
    const { container } = renderYelling();
    await screen.findByText('报警柱1');
    await choose(container, 101);
    await choose(container, 103);
    fireEvent.click(screen.getByRole('button', { name: /开始喊话/ }));
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const [talk] = FakeSocket.made;
    expect(talk?.url.endsWith(ALARM_TALK_PATH)).toBe(true);
    act(() => talk?.open());
    expect(talk?.sent[0]).toMatchObject({ devIds: [101, 103], terminals: 'BOX-1,BOX-3' });
    // While shouting, the choice is locked.
    const locked = container.querySelector('[data-yell-box="102"]');
    const input = locked?.matches('input') ? locked : locked?.querySelector('input');
    expect(input?.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '停止喊话' }));
    await screen.findByText('确定停止喊话吗？');
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(talk?.closed).toBe(true));
    await screen.findByRole('button', { name: /开始喊话/ });
  });

  it(`names the boxes by control code in the talk socket's first frame (at most ${YELL_MAX_BOXES})`, () => {
    expect(yellFrame('token', [box(4), box(5)])).toEqual({
      accessToken: 'token',
      devIds: [104, 105],
      terminals: 'BOX-4,BOX-5',
    });
  });
});
