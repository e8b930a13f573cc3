import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUTTON_CODES,
  COOKIE_TOKEN,
  StatusCode,
  TYPE_GATEWAY,
  commandEndpoints,
  telemetryEndpoints,
  text,
  type CommandRow,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { FakeWebSocket, renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { liveDevice, liveServer } from '../test/devices';
import { GatewayControlPage } from './GatewayControlPage';

beforeAll(() => initI18n('zh-CN'));

const gateway = (deviceId: number, relays: number) =>
  liveDevice(deviceId, `网关0000${deviceId}`, {
    typeCode: TYPE_GATEWAY,
    productName: '物联网关',
    values: { relays, uptime: 3600 },
  });
const gateways = [gateway(1, 0b0000_0001), gateway(2, 0b0000_0000)];

const answered = (deviceId: number, params: CommandRow['params']): CommandRow => ({
  commandId: 70,
  deviceId,
  deviceName: `网关0000${deviceId}`,
  service: 'setRelay',
  params,
  state: 'succeeded',
  replyCode: 0,
  replyMessage: '',
  replyData: null,
  sender: 'admin',
  sentAt: '2026-11-24T06:30:00.000Z',
  answeredAt: '2026-11-24T06:30:01.000Z',
});

/** The page with the gateways listed; `sendGateway` answers by `answer` (throwing: a refusal). */
function render(
  sent: unknown[],
  answer: (body: { deviceIds: number[]; params: CommandRow['params'] }) => unknown,
  elements = [BUTTON_CODES.manualControl.control],
) {
  return renderWithKit(<GatewayControlPage />, {
    server: {
      ...liveServer(telemetryEndpoints.live, gateways),
      [commandEndpoints.sendGateway.path]: ({ body }) => {
        sent.push(body);
        return answer(body as { deviceIds: number[]; params: CommandRow['params'] });
      },
    },
    elements,
  });
}
const succeeding = (body: { deviceIds: number[]; params: CommandRow['params'] }) => [
  answered(body.deviceIds[0] ?? 0, body.params),
];

/** A gateway's relay switch in the list (its row is named by `data-device`, as deviceRow gives it). */
const relay = (deviceId: number, channel: number) =>
  within(document.querySelector(`tr[data-device="dev-${deviceId}"]`) as HTMLElement).getByRole('switch', {
    name: `通道${channel}`,
  });
const closed = (deviceId: number, channel: number) =>
  relay(deviceId, channel).getAttribute('aria-checked') === 'true';

describe('网关手动控制', () => {
  it('lists the gateways (type 0701 only) with each relay channel open or closed by the mask, and their uptime', async () => {
    const view = render([], succeeding);
    expect(await screen.findByText('网关00001')).toBeTruthy();
    expect([1, 2, 3].map((channel) => closed(1, channel))).toEqual([true, false, false]);
    expect(closed(2, 1)).toBe(false);
    // The uptime reported in seconds reads as a span.
    expect(screen.getAllByText('1小时').length).toBeGreaterThan(0);
    const asked = view.calls.find((call) => call.path === telemetryEndpoints.live.path);
    expect(asked?.body).toMatchObject({ typeCode: TYPE_GATEWAY });
  });

  it('closes the chosen relay with setRelay {channel, on}, lists the answer and shows the pushed new state', async () => {
    document.cookie = `${COOKIE_TOKEN}=tok-gateway; path=/`;
    const sent: unknown[] = [];
    render(sent, succeeding);
    expect(await screen.findByText('网关00002')).toBeTruthy();
    fireEvent.click(relay(2, 3));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ deviceIds: [2], service: 'setRelay', params: { channel: 3, on: true } });
    const results = (await screen.findByText('执行结果')).closest('.ant-table-wrapper') as HTMLElement;
    expect(within(results).getByText('命令执行成功')).toBeTruthy();

    // The relays' new state arrives by push.
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready' }));
    act(() =>
      socket.receive({ type: 'values', deviceId: 2, t: Date.now(), values: { relays: 0b0000_0100 } }),
    );
    await waitFor(() => expect(closed(2, 3)).toBe(true));
  });

  it('says the server’s refusal and leaves the relay as it was, ready for another try', async () => {
    const refusal = text('command.disabled', 'zh-CN');
    const sent: unknown[] = [];
    render(sent, () => {
      throw new ApiError('status', refusal, {
        status_code: StatusCode.REJECTED,
        message: refusal,
        data: null,
      });
    });
    expect(await screen.findByText('网关00001')).toBeTruthy();
    fireEvent.click(relay(1, 1));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(sent).toEqual([{ deviceIds: [1], service: 'setRelay', params: { channel: 1, on: false } }]);
    expect(closed(1, 1)).toBe(true);
    await waitFor(() => expect((relay(2, 1) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('执行结果')).toBeNull();
  });

  it('restarts a gateway only after its confirmation, and nothing when the confirmation is declined', async () => {
    const sent: unknown[] = [];
    render(sent, (body) => [{ ...answered(body.deviceIds[0] ?? 0, {}), service: 'restart' }]);
    expect(await screen.findByText('网关00002')).toBeTruthy();
    const restartOf = (deviceId: number) =>
      within(document.querySelector(`tr[data-device="dev-${deviceId}"]`) as HTMLElement).getByRole('button', {
        name: '重启',
      });

    fireEvent.click(restartOf(2));
    expect(await screen.findByText('确定重启网关“网关00002”吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(sent).toEqual([]);

    fireEvent.click(restartOf(2));
    const confirm = await screen.findAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(confirm[confirm.length - 1] as HTMLElement);
    await waitFor(() => expect(sent).toEqual([{ deviceIds: [2], service: 'restart' }]));
    const results = (await screen.findByText('执行结果')).closest('.ant-table-wrapper') as HTMLElement;
    expect(within(results).getByText('命令执行成功')).toBeTruthy();
  });

  it('shows the relays but switches nothing without the 网关控制 button', async () => {
    render([], succeeding, []);
    expect(await screen.findByText('网关00001')).toBeTruthy();
    expect((relay(1, 1) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '重启' })).toBeNull();
  });
});
