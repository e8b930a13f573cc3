import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  areaEndpoints,
  pointEndpoints,
  projectEndpoints,
  siteEndpoints,
  StatusCode,
  text,
  type ImportReport,
  type PointRow,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { choose, device, dialogField, nanshan, save } from '../test/fixtures';
import { BatchImportPointPage } from './BatchImportPointPage';
import { PointManagementPage } from './PointManagementPage';

beforeAll(() => initI18n('zh-CN'));
afterEach(async () => {
  await act(() => changeLocale('zh-CN'));
});

const point = (pointId: number, code: string, extra: Partial<PointRow> = {}): PointRow => ({
  pointId,
  code,
  name: `灯杆${code}`,
  kind: 'pole',
  projectId: 1,
  projectName: nanshan.projectName,
  areaId: null,
  areaName: null,
  siteId: null,
  siteName: null,
  segment: '科技园南路',
  longitude: null,
  latitude: null,
  address: '',
  height: 12,
  remarks: '',
  deviceCount: 0,
  editor: 'admin',
  createdAt: '2026-11-24T06:00:00.000Z',
  updatedAt: '2026-11-24T06:00:00.000Z',
  ...extra,
});

const rows = [point(1, 'GZ-001', { deviceCount: 2 }), point(2, 'GZ-002', { kind: 'cabinet', height: null })];

function server(extra: FakeServer = {}): FakeServer {
  return {
    [pointEndpoints.page.path]: () => ({ list: rows, total: rows.length, pageNum: 1, pageSize: 15 }),
    [projectEndpoints.listByUser.path]: () => [nanshan],
    [areaEndpoints.tree.path]: () => [],
    [siteEndpoints.page.path]: () => ({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
    ...extra,
  };
}

const ALL = [
  'pointManagement_add',
  'pointManagement_edit',
  'pointManagement_delete',
  'pointManagement_mount',
];
const render = (answers: FakeServer, elements = ALL) =>
  renderWithKit(<PointManagementPage />, {
    server: answers,
    elements,
    path: '/iotcloud/iot/assetMorror/pointManagement',
  });

async function openNewPoint() {
  fireEvent.click(await screen.findByRole('button', { name: /新增点位/ }));
  return screen.findByRole('dialog');
}

describe('PointManagementPage', () => {
  it('lists points with their type, project, height and device count', async () => {
    render(server());
    expect(await screen.findByText('GZ-001')).toBeTruthy();
    expect(screen.getByText('箱柜')).toBeTruthy();
    expect(screen.getAllByText(nanshan.projectName).length).toBeGreaterThan(0);
    const first = screen.getByText('GZ-001').closest('tr');
    if (!first) throw new Error('no row');
    expect(within(first).getByText('2')).toBeTruthy();
    expect(within(first).getByText('灯杆')).toBeTruthy();
  });

  it('hides the buttons the user holds no code for', async () => {
    render(server(), []);
    expect(await screen.findByText('GZ-002')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增点位/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('asks for code, name and project, checks the height, then sends the point', async () => {
    const created: unknown[] = [];
    render(
      server({
        [pointEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return point(3, 'GZ-003');
        },
      }),
    );
    const dialog = await openNewPoint();
    save(dialog);
    expect(await within(dialog).findByText('请输入点位编号')).toBeTruthy();
    expect(within(dialog).getByText('请输入点位名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择所属项目')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'code'), { target: { value: 'GZ-003' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '科技园3号杆' } });
    await choose(dialog, 'projectId', nanshan.projectName);
    fireEvent.change(dialogField(dialog, 'height'), { target: { value: '150' } });
    save(dialog);
    expect(await within(dialog).findByText('高度须在0~100米之间')).toBeTruthy();
    expect(created).toHaveLength(0);
    fireEvent.change(dialogField(dialog, 'height'), { target: { value: '12.5' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      code: 'GZ-003',
      name: '科技园3号杆',
      kind: 'pole',
      projectId: 1,
      areaId: null,
      siteId: null,
      height: 12.5,
      longitude: null,
      latitude: null,
    });
  });

  it('shows the server’s refusal of a taken code on its field, keeping the dialog', async () => {
    const refusal = text('point.codeTaken', 'zh-CN');
    render(
      server({
        [pointEndpoints.create.path]: () => {
          throw new ApiError('status', refusal, {
            status_code: StatusCode.REJECTED,
            message: refusal,
            data: null,
          });
        },
      }),
    );
    const dialog = await openNewPoint();
    fireEvent.change(dialogField(dialog, 'code'), { target: { value: 'GZ-001' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '重复' } });
    await choose(dialog, 'projectId', nanshan.projectName);
    save(dialog);
    await waitFor(() => expect(within(dialog).getAllByText(refusal).length).toBeGreaterThan(0));
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('shows the devices on a point and unmounts one', async () => {
    const unmounted: unknown[] = [];
    render(
      server({
        [pointEndpoints.devices.path]: () => [
          device(7, '科技园路灯07', { pointId: 1, pointName: '灯杆GZ-001' }),
        ],
        [pointEndpoints.unmount.path]: ({ body }) => {
          unmounted.push(body);
          return null;
        },
      }),
    );
    fireEvent.click((await screen.findAllByText('设备'))[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('科技园路灯07')).toBeTruthy();
    fireEvent.click(within(drawer).getByText('卸载'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(unmounted).toEqual([{ deviceIds: [7] }]));
  });
});

const report: ImportReport = {
  total: 5,
  imported: 3,
  refused: 2,
  problems: [
    { row: 3, column: '点位类型', reason: 'import.unknownKind', values: { value: '路灯' } },
    { row: 4, column: '点位编号', reason: 'import.duplicatePoint', values: { row: 2 } },
  ],
};

function renderImport() {
  const view = renderWithKit(<BatchImportPointPage />, {
    server: { [pointEndpoints.importPoints.path]: () => report },
    elements: ['batchImportPoint_import'],
    path: '/iotcloud/iot/assetMorror/batchImportPoint',
  });
  const input = view.container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['PK'], 'points.xlsx')] } });
  return view;
}

describe('BatchImportPointPage', () => {
  it('uploads the sheet and reports the refused rows with the point columns and reasons', async () => {
    const { calls } = renderImport();
    const section = await screen.findByRole('region', { name: '导入结果' });
    expect(calls.some((call) => call.path === pointEndpoints.importPoints.path)).toBe(true);
    expect(within(section).getByText('导入完成：成功3条，失败2条')).toBeTruthy();
    const cells = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['3', '点位类型', '点位类型“路灯”不存在，应为灯杆、箱柜、墙面或其他'],
      ['4', '点位编号', '与第2行的点位编号重复'],
    ]);
  });

  it('names the columns in English', async () => {
    await act(() => changeLocale('en-US'));
    renderImport();
    const section = await screen.findByRole('region', { name: 'Import report' });
    expect(within(section).getByText('Point type')).toBeTruthy();
    expect(within(section).getByText('Same point code as row 2')).toBeTruthy();
  });
});
