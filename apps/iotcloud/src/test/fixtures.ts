import { fireEvent, screen, within } from '@testing-library/react';
import type { DeviceRow, FunctionRow, Project, ProductRow } from '@cityops/contract';

/** A field of a dialog by its form name (a search form may have a field of the same name). */
export function dialogField(dialog: HTMLElement, name: string): HTMLElement {
  const input = [...dialog.querySelectorAll<HTMLElement>('input, textarea')].find(
    (candidate) => candidate.id === name,
  );
  if (!input) throw new Error(`no field ${name}`);
  return input;
}

/** Chooses an option of a dialog's select by the option's title. */
export async function choose(dialog: HTMLElement, field: string, title: string) {
  fireEvent.mouseDown(dialogField(dialog, field));
  fireEvent.click(await screen.findByTitle(title));
}

/** Saves a form dialog. */
export const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

export const nanshan: Project = {
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  longitude: 113.93041,
  latitude: 22.53332,
  polygon: [],
};

export const product = (productId: number, name: string, extra: Partial<ProductRow> = {}): ProductRow => ({
  productId,
  productKey: `p${productId}`,
  name,
  nameEn: '',
  typeCode: '0401',
  vendor: '',
  model: '',
  description: '',
  params: [],
  offlineAfterSeconds: 300,
  deviceCount: 0,
  functionCount: 0,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...extra,
});

/** An environment sensor (0401, with a control code) and a smart pole (0001, none, §9). */
export const sensorProduct = product(1, '环境监测仪A型', { productKey: 'env-a', typeCode: '0401' });
export const poleProduct = product(2, '智慧灯杆标准款', { productKey: 'pole-std', typeCode: '0001' });

export const device = (deviceId: number, name: string, extra: Partial<DeviceRow> = {}): DeviceRow => ({
  deviceId,
  deviceKey: `dev-${deviceId}`,
  controlCode: `CC${deviceId}`,
  name,
  productId: 1,
  productName: '环境监测仪A型',
  productNameEn: 'Environment sensor A',
  typeCode: '0401',
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  areaId: null,
  areaName: null,
  pointId: null,
  pointName: null,
  siteId: null,
  siteName: null,
  segment: '',
  longitude: 113.94,
  latitude: 22.526,
  address: '',
  enabled: true,
  online: true,
  lastSeenAt: '2026-11-24T06:00:00.000Z',
  firmwareVersion: '1.0.0',
  remarks: '',
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...extra,
});

/** The environment sensor's functions: two properties (a number and a state) and a service. */
export const sensorFunctions: FunctionRow[] = [
  {
    functionId: 1,
    productId: 1,
    kind: 'property',
    identifier: 'temperature',
    name: '温度',
    spec: { type: 'float', min: -40, max: 80, unit: '℃' },
    writable: false,
    description: '',
  },
  {
    functionId: 2,
    productId: 1,
    kind: 'property',
    identifier: 'door',
    name: '舱门',
    spec: { type: 'bool', trueLabel: '打开', falseLabel: '关闭' },
    writable: false,
    description: '',
  },
  {
    functionId: 3,
    productId: 1,
    kind: 'service',
    identifier: 'setInterval',
    name: '设置上报周期',
    params: [{ identifier: 'seconds', name: '秒数', spec: { type: 'int', min: 10, max: 3600, unit: 's' } }],
    description: '',
  },
];
