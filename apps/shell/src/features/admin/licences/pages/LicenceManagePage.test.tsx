import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { licenceManageEndpoints, type DeviceUsage } from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderAdminPage } from '../../../../test/renderAdminPage';
import { LicenceManagePage } from './LicenceManagePage';

beforeAll(() => initI18n('zh-CN'));

const licence = {
  licenceId: 'CITY-0001',
  customer: '某市城管局',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-12-31T23:59:59.000Z',
  modules: ['admin', 'iotcloud'],
  deviceLimit: 100,
};
const server = (usage: DeviceUsage) => ({
  [licenceManageEndpoints.detail.path]: () => ({ state: 'valid', licence, daysLeft: 400 }),
  [licenceManageEndpoints.list.path]: () => [
    { ...licence, registeredAt: '2026-01-02T00:00:00.000Z', verified: true, inForce: true },
  ],
  [licenceManageEndpoints.deviceUsage.path]: () => usage,
});

describe('LicenceManagePage', () => {
  it('shows the licence in force, what it opens, and the devices in use against its limit', async () => {
    renderAdminPage(
      <LicenceManagePage />,
      server({ devicesInUse: 42, iotDevices: 30, cameras: 12, deviceLimit: 100 }),
      [],
    );
    expect(await screen.findByText('已接入 42 台 / 上限 100 台')).toBeTruthy();
    // The count is the one 设备概览 shows, with the cameras the licence counts besides.
    expect(screen.getByText('含物联网设备 30 台、摄像机 12 台')).toBeTruthy();
    expect(screen.getAllByText('CITY-0001').length).toBeGreaterThan(0);
    expect(screen.getByText('物联网平台')).toBeTruthy();
    expect(screen.queryByText(/接近许可证上限/)).toBeNull();
  });

  it('lists the modules the licence opens with the separator of the language in use', async () => {
    const usage = { devicesInUse: 42, iotDevices: 30, cameras: 12, deviceLimit: 100 };
    renderAdminPage(<LicenceManagePage />, server(usage), []);
    expect(await screen.findByText('admin、iotcloud')).toBeTruthy();
    await changeLocale('en-US');
    try {
      expect(await screen.findByText('admin, iotcloud')).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('warns when nearly every device the licence allows is in use', async () => {
    renderAdminPage(
      <LicenceManagePage />,
      server({ devicesInUse: 95, iotDevices: 90, cameras: 5, deviceLimit: 100 }),
      [],
    );
    expect(await screen.findByText(/设备数量接近许可证上限/)).toBeTruthy();
  });
});
