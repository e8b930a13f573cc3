import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaEndpoints,
  deviceEndpoints,
  productEndpoints,
  projectEndpoints,
  siteEndpoints,
  StatusCode,
  text,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { choose, device, dialogField, nanshan, poleProduct, save, sensorProduct } from '../test/fixtures';
import { DeviceListPage } from './DeviceListPage';

beforeAll(() => initI18n('zh-CN'));

const rows = [
  device(1, '科技园1号环境站', { areaName: '科技园北区', siteName: '深南大道科技园站' }),
  device(2, '后海灯杆01', {
    controlCode: null,
    productId: 2,
    productName: '智慧灯杆标准款',
    productNameEn: '',
    typeCode: '0001',
    online: false,
    lastSeenAt: null,
    enabled: false,
  }),
];

function server(extra: FakeServer = {}): FakeServer {
  return {
    [deviceEndpoints.page.path]: () => ({ list: rows, total: rows.length, pageNum: 1, pageSize: 15 }),
    [productEndpoints.all.path]: () => [sensorProduct, poleProduct],
    [projectEndpoints.listByUser.path]: () => [nanshan],
    [areaEndpoints.tree.path]: () => [],
    [siteEndpoints.page.path]: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
    ...extra,
  };
}

const ALL = ['devList_add', 'devList_edit', 'devList_delete', 'devList_credentials'];
const render = (answers: FakeServer, elements = ALL) =>
  renderWithKit(<DeviceListPage />, { server: answers, elements, path: '/iotcloud/iot/assetMorror/devList' });

/** The page, with the devices its add dialog creates. */
function renderRecordingCreates() {
  const created: unknown[] = [];
  render(
    server({
      [deviceEndpoints.create.path]: ({ body }) => {
        created.push(body);
        return device(3, '南山公园环境站');
      },
    }),
  );
  return created;
}

async function openNewDevice() {
  fireEvent.click(await screen.findByRole('button', { name: /新增设备/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(dialogField(dialog, 'name'), { target: { value: '南山公园环境站' } });
  fireEvent.change(dialogField(dialog, 'deviceKey'), { target: { value: 'env-nsgy-01' } });
  await choose(dialog, 'projectId', nanshan.projectName);
  return dialog;
}

describe('DeviceListPage', () => {
  it('lists devices with product, project, area, site, online state with last seen, and enabled', async () => {
    render(server());
    expect(await screen.findByText('科技园1号环境站')).toBeTruthy();
    expect(screen.getByText('科技园北区')).toBeTruthy();
    expect(screen.getByText('深南大道科技园站')).toBeTruthy();
    expect(screen.getByText('CC1')).toBeTruthy();
    expect(screen.getByText('在线')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
    expect(screen.getByText('从未上线')).toBeTruthy();
    expect(screen.getByText('最后通信：2026-11-24 14:00:00')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
  });

  it('names each device’s product in the language in use: English when the product has it', async () => {
    await changeLocale('en-US');
    try {
      render(server());
      const first = (await screen.findByText('科技园1号环境站')).closest('tr') as HTMLElement;
      expect(within(first).getByText('Environment sensor A')).toBeTruthy();
      // A product registered without an English name shows the one name it has.
      const second = screen.getByText('后海灯杆01').closest('tr') as HTMLElement;
      expect(within(second).getByText('智慧灯杆标准款')).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('hides the buttons the user holds no code for', async () => {
    render(server(), []);
    expect(await screen.findByText('后海灯杆01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增设备/ })).toBeNull();
    expect(screen.queryByText('设备密钥')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('requires the control code for a type that has one (§9) and sends it', async () => {
    const created = renderRecordingCreates();
    const dialog = await openNewDevice();
    await choose(dialog, 'productId', '环境监测仪A型 (env-a)');
    save(dialog);
    expect(await within(dialog).findByText('请输入控制码')).toBeTruthy();
    expect(created).toHaveLength(0);
    fireEvent.change(dialogField(dialog, 'controlCode'), { target: { value: 'ENV-0001' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      deviceKey: 'env-nsgy-01',
      name: '南山公园环境站',
      controlCode: 'ENV-0001',
      productId: 1,
      projectId: 1,
      areaId: null,
      siteId: null,
      enabled: true,
    });
  });

  it('disables the control code of the types without one (0101, 0001, 1101) and sends none', async () => {
    const created = renderRecordingCreates();
    const dialog = await openNewDevice();
    await choose(dialog, 'productId', '环境监测仪A型 (env-a)');
    fireEvent.change(dialogField(dialog, 'controlCode'), { target: { value: 'TYPED-BEFORE' } });
    await choose(dialog, 'productId', '智慧灯杆标准款 (pole-std)');
    expect(await within(dialog).findByText('该类型设备无控制码')).toBeTruthy();
    const code = dialogField(dialog, 'controlCode') as HTMLInputElement;
    expect(code.disabled).toBe(true);
    expect(code.value).toBe('');
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ productId: 2, controlCode: null });
  });

  it('shows the server’s refusal of a taken control code on its field, keeping the dialog', async () => {
    const refusal = text('device.controlCodeTaken', 'zh-CN');
    render(
      server({
        [deviceEndpoints.create.path]: () => {
          throw new ApiError('status', refusal, {
            status_code: StatusCode.REJECTED,
            message: refusal,
            data: null,
          });
        },
      }),
    );
    const dialog = await openNewDevice();
    await choose(dialog, 'productId', '环境监测仪A型 (env-a)');
    fireEvent.change(dialogField(dialog, 'controlCode'), { target: { value: 'CC1' } });
    save(dialog);
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('edits a device of a type without control code, keeping none', async () => {
    const updated: unknown[] = [];
    render(
      server({
        [deviceEndpoints.update.path]: ({ body }) => {
          updated.push(body);
          return rows[1];
        },
      }),
    );
    const row = (await screen.findByText('后海灯杆01')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该类型设备无控制码')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '后海灯杆01号' } });
    save(dialog);
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({ deviceId: 2, name: '后海灯杆01号', controlCode: null, productId: 2 });
  });

  it('shows the credentials with the secret masked until revealed, and resets it after asking', async () => {
    let secret = 's3cret-old-0000';
    const resets: unknown[] = [];
    render(
      server({
        [deviceEndpoints.credentials.path]: () => ({
          deviceKey: 'dev-1',
          secret,
          brokerUrl: 'mqtt://iot.example.cn:1883',
        }),
        [deviceEndpoints.resetSecret.path]: (input) => {
          resets.push(input);
          secret = 's3cret-new-1111';
          return { deviceKey: 'dev-1', secret, brokerUrl: 'mqtt://iot.example.cn:1883' };
        },
      }),
    );
    const row = (await screen.findByText('科技园1号环境站')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('设备密钥'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('mqtt://iot.example.cn:1883')).toBeTruthy();
    expect(within(dialog).queryByText('s3cret-old-0000')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /显\s*示/ }));
    expect(within(dialog).getByText('s3cret-old-0000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /重置密钥/ }));
    const ask = (await screen.findByText(/确定重置“科技园1号环境站”的密钥吗/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(resets).toHaveLength(1));
    expect(await within(dialog).findByText('s3cret-new-1111')).toBeTruthy();
    expect(await screen.findByText('设备密钥已重置，设备须使用新密钥重新连接')).toBeTruthy();
  });
  it('deletes the chosen devices in one call after asking', async () => {
    const deleted: unknown[] = [];
    render(
      server({
        [deviceEndpoints.batchDelete.path]: ({ body }) => {
          deleted.push(body);
          return null;
        },
      }),
    );
    const rowBox = async (name: string) =>
      within((await screen.findByText(name)).closest('tr') as HTMLElement).getByRole('checkbox');
    fireEvent.click(await rowBox('科技园1号环境站'));
    fireEvent.click(await rowBox('后海灯杆01'));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('确定删除选中的 2 条记录吗？删除后不可恢复。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleted).toEqual([{ ids: [1, 2] }]));
  });
});
