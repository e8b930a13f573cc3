import { productEndpoints, type Endpoint, type LiveDevice } from '@cityops/contract';
import type { FakeServer } from '@cityops/crud/testing';

/** A device of a live list, as the server answers it. */
export const liveDevice = (deviceId: number, name: string, extra: Partial<LiveDevice> = {}): LiveDevice => ({
  deviceId,
  deviceKey: `dev-${deviceId}`,
  controlCode: `0601${String(deviceId).padStart(5, '0')}`,
  name,
  productId: 5,
  productName: '智能开关',
  productNameEn: 'Smart switch',
  typeCode: '0601',
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  areaId: null,
  areaName: null,
  pointId: null,
  pointName: null,
  siteId: null,
  siteName: null,
  segment: '',
  longitude: null,
  latitude: null,
  address: '',
  enabled: true,
  online: true,
  lastSeenAt: '2026-11-24T06:00:00.000Z',
  firmwareVersion: '1.0.0',
  remarks: '',
  editor: 'admin',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  values: {},
  valuesAt: null,
  ...extra,
});

export const page = <Row>(list: Row[]) => ({ list, total: list.length, pageNum: 1, pageSize: 15 });

/**
 * The answers every live page needs: `list` answers `rows`, and the products' thing models are refused
 * (as to a user without the product page: the page names values by the demo products of the type).
 */
export const liveServer = (list: Endpoint, rows: LiveDevice[]): FakeServer => ({
  [list.path]: () => page(rows),
  [productEndpoints.model.path]: () => {
    throw new Error('no product page');
  },
});
