import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_BUTTONS, maintenanceEndpoints, type MaintenanceRow } from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { page } from '../test/devices';
import { MaintenancePage } from './MaintenancePage';

beforeAll(() => initI18n('zh-CN'));

const record = (recordId: number, extra: Partial<MaintenanceRow>): MaintenanceRow => ({
  recordId,
  deviceId: 3,
  deviceName: '环境监测00001',
  deviceKey: 'env-00001',
  controlCode: '040100001',
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  kind: 'repair',
  fault: '读数为零',
  content: '更换探头',
  result: 'fixed',
  maintainer: '李师傅',
  maintainerPhone: '13800001111',
  maintainedAt: '2026-11-24T02:00:00.000Z',
  costCents: 12050,
  editor: 'admin',
  createdAt: '2026-11-24T02:00:00.000Z',
  updatedAt: '2026-11-24T02:00:00.000Z',
  ...extra,
});

describe('设备维护', () => {
  it('lists records with kinds, results and yuan in words, a deleted device still named', async () => {
    renderWithKit(<MaintenancePage />, {
      server: {
        [maintenanceEndpoints.page.path]: () =>
          page([
            record(1, {}),
            record(2, {
              deviceId: null,
              deviceName: '旧网关',
              kind: 'replace',
              result: 'scrapped',
              costCents: null,
            }),
          ]),
      },
      elements: [MAINTENANCE_BUTTONS.add, MAINTENANCE_BUTTONS.export],
    });
    expect((await screen.findAllByText('更换探头')).length).toBeGreaterThan(0);
    expect(screen.getByText('120.50')).toBeTruthy();
    expect(screen.getAllByText('维修').length).toBeGreaterThan(0);
    expect(screen.getByText('设备已删除')).toBeTruthy();
    expect(screen.getAllByText('2026-11-24 10:00:00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新增维护记录/ })).toBeTruthy();
  });
});
