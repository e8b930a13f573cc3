import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceEndpoints,
  firmwareEndpoints,
  productEndpoints,
  projectEndpoints,
  upgradeJobEndpoints,
  type FirmwareRow,
  type UpgradeJobRow,
} from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { choose, device, dialogField, nanshan, poleProduct, sensorProduct } from '../test/fixtures';
import { jobRequest } from './rules';
import { UpgradePage } from './UpgradePage';

beforeAll(() => initI18n('zh-CN'));

const firmware: FirmwareRow = {
  firmwareId: 5,
  productId: 1,
  productName: sensorProduct.name,
  productNameEn: 'Environment sensor A',
  version: '2.0.0',
  notes: '',
  fileName: 'fw.bin',
  fileSize: 2048,
  checksum: 'a'.repeat(64),
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
};

const job: UpgradeJobRow = {
  jobId: 9,
  name: '环境站升级',
  firmwareId: 5,
  version: '2.0.0',
  productId: 1,
  productName: sensorProduct.name,
  productNameEn: 'Environment sensor A',
  state: 'running',
  timeoutSeconds: 600,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  finishedAt: null,
  total: 1,
  counts: { pending: 0, sent: 0, downloading: 1, installing: 0, succeeded: 0, failed: 0, cancelled: 0 },
  progress: 40,
};

describe('the create-job rules', () => {
  it('needs a name, a firmware, and chosen devices or a project', () => {
    expect(jobRequest({ scope: 'devices', firmwareId: 5 }, [1])).toEqual({ problem: 'nameRequired' });
    expect(jobRequest({ scope: 'devices', name: 'a' }, [1])).toEqual({ problem: 'chooseFirmware' });
    expect(jobRequest({ scope: 'devices', name: 'a', firmwareId: 5 }, [])).toEqual({
      problem: 'chooseDevices',
    });
    expect(jobRequest({ scope: 'project', name: 'a', firmwareId: 5 }, [1])).toEqual({
      problem: 'chooseProject',
    });
    expect(jobRequest({ scope: 'devices', name: ' a ', firmwareId: 5 }, [1, 2, 1])).toEqual({
      body: { name: 'a', firmwareId: 5, timeoutSeconds: 600, deviceIds: [1, 2] },
    });
    // The project scope sends no device ids, whatever was chosen before.
    expect(
      jobRequest({ scope: 'project', name: 'a', firmwareId: 5, projectId: 1, timeoutSeconds: 60 }, [1]),
    ).toEqual({ body: { name: 'a', firmwareId: 5, timeoutSeconds: 60, projectId: 1 } });
  });
});

function server(created: unknown[]): FakeServer {
  return {
    [upgradeJobEndpoints.page.path]: () => ({ list: [job], total: 1, pageNum: 1, pageSize: 15 }),
    [firmwareEndpoints.page.path]: () => ({ list: [firmware], total: 1, pageNum: 1, pageSize: 100 }),
    [productEndpoints.all.path]: () => [sensorProduct, poleProduct],
    [projectEndpoints.listByUser.path]: () => [nanshan],
    [deviceEndpoints.page.path]: () => ({
      list: [device(1, '科技园1号环境站'), device(2, '科技园2号环境站')],
      total: 2,
      pageNum: 1,
      pageSize: 15,
    }),
    [upgradeJobEndpoints.create.path]: ({ body }) => {
      created.push(body);
      return {
        job,
        refused: [{ deviceId: 2, name: '科技园2号环境站', reason: 'upgrade.refused.busy', values: {} }],
      };
    },
  };
}

const ok = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));

describe('UpgradePage', () => {
  it('names the product of each job and firmware in the language in use', async () => {
    await changeLocale('en-US');
    try {
      renderWithKit(<UpgradePage />, {
        server: server([]),
        elements: [],
        path: '/iotcloud/iot/assetMorror/upgrade',
      });
      expect(await screen.findByText('环境站升级')).toBeTruthy();
      expect(screen.getByText('Environment sensor A')).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'Firmware' }));
      expect(await screen.findByText('fw.bin')).toBeTruthy();
      expect(screen.getAllByText('Environment sensor A')).toHaveLength(2);
      expect(screen.queryByText(sensorProduct.name)).toBeNull();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('lists jobs with their progress and state', async () => {
    renderWithKit(<UpgradePage />, {
      server: server([]),
      elements: [],
      path: '/iotcloud/iot/assetMorror/upgrade',
    });
    expect(await screen.findByText('环境站升级')).toBeTruthy();
    expect(screen.getByText('进行中')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    // Without the button codes there is nothing to create.
    expect(screen.queryByRole('button', { name: /创建升级任务/ })).toBeNull();
  });

  it('creates a job for chosen devices only once one is chosen, and shows the refused rows', async () => {
    const created: unknown[] = [];
    renderWithKit(<UpgradePage />, {
      server: server(created),
      elements: ['upgrade_create'],
      path: '/iotcloud/iot/assetMorror/upgrade',
    });
    fireEvent.click(await screen.findByRole('button', { name: /创建升级任务/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '环境站升级' } });
    await choose(dialog, 'productId', `${sensorProduct.name} (${sensorProduct.productKey})`);
    // The firmware of the chosen product, once it is chosen.
    await waitFor(() => expect((dialogField(dialog, 'firmwareId') as HTMLInputElement).disabled).toBe(false));
    await choose(dialog, 'firmwareId', '2.0.0');
    expect(await within(dialog).findByText('科技园1号环境站')).toBeTruthy();

    ok(dialog);
    expect(await screen.findByText('请至少选择一台设备')).toBeTruthy();
    expect(created).toEqual([]);

    const row = within(dialog).getByText('科技园1号环境站').closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(await within(dialog).findByText('已选择1台设备')).toBeTruthy();
    ok(dialog);
    await waitFor(() =>
      expect(created).toEqual([{ name: '环境站升级', firmwareId: 5, timeoutSeconds: 600, deviceIds: [1] }]),
    );
    expect(await screen.findByText('以下设备未加入升级任务')).toBeTruthy();
    expect(screen.getByText('设备正在进行其他升级')).toBeTruthy();
  });
});
