import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWLIST_BUTTONS,
  allowlistEndpoints,
  type AllowlistEntry,
  type AllowlistGateway,
} from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { page } from '../test/devices';
import { AllowlistPage } from './AllowlistPage';

beforeAll(() => initI18n('zh-CN'));

const gateway = (gatewayId: number, name: string, extra: Partial<AllowlistGateway>): AllowlistGateway => ({
  gatewayId,
  name,
  deviceKey: `gw-${gatewayId}`,
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  online: true,
  entries: 1,
  revision: 1,
  syncedRevision: 1,
  syncedAt: '2026-11-24T06:00:00.000Z',
  lastError: '',
  state: 'synced',
  ...extra,
});

const gateways = [
  gateway(1, '一号网关', {}),
  gateway(2, '二号网关', { state: 'pending', syncedRevision: null }),
  gateway(3, '三号网关', { state: 'failed', online: false, lastError: 'allowlist.offline' }),
];
const entry: AllowlistEntry = {
  entryId: 7,
  gatewayId: 1,
  address: 'AA:BB:CC:00:11:22',
  name: '路灯1',
  remarks: '',
  editor: 'admin',
  createdAt: '2026-11-24T06:00:00.000Z',
};

describe('网关白名单', () => {
  it('shows each gateway’s sync state, its entries, and adds pasted lines with a report of refused ones', async () => {
    const added: unknown[] = [];
    renderWithKit(<AllowlistPage />, {
      server: {
        [allowlistEndpoints.gateways.path]: () => page(gateways),
        [allowlistEndpoints.entries.path]: () => page([entry]),
        [allowlistEndpoints.add.path]: ({ body }) => {
          added.push(body);
          return {
            added: 1,
            refused: [{ line: 2, address: 'bad!', reason: 'allowlist.address' }],
            gateway: gateways[0],
          };
        },
      },
      elements: [ALLOWLIST_BUTTONS.add, ALLOWLIST_BUTTONS.sync],
    });
    await screen.findByText('一号网关');
    expect(screen.getByText('未同步')).toBeTruthy();
    expect(screen.getByText('同步失败：网关离线，白名单未同步；网关上线后将自动重新下发')).toBeTruthy();
    expect(screen.getByText('请在左侧选择一个网关')).toBeTruthy();

    fireEvent.click(screen.getByText('一号网关'));
    await screen.findByText('AA:BB:CC:00:11:22');
    expect(screen.getByText('“一号网关”的白名单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新增白名单/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'SN-1\nbad!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(added).toEqual([{ gatewayId: 1, text: 'SN-1\nbad!' }]));
    expect((await screen.findAllByText('新增1条，1行未添加')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('地址格式不正确：须为十六进制、MAC地址或序列号（字母、数字、_ -），最长64个字符'),
    ).toBeTruthy();
    // The report is a static modal, and the gateways refresh on a timer: both end with the test.
    Modal.destroyAll();
    cleanup();
  }, 60_000);
});
