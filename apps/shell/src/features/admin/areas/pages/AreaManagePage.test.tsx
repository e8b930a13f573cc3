import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaEndpoints, projectEndpoints, type AreaNode, type LngLat, type Project } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { AreaManagePage } from './AreaManagePage';

beforeAll(() => initI18n('zh-CN'));

const rect = (west: number, south: number, east: number, north: number): LngLat[] => [
  { lng: west, lat: south },
  { lng: east, lat: south },
  { lng: east, lat: north },
  { lng: west, lat: north },
];

const area = (areaId: number, name: string, extra: Partial<AreaNode> = {}): AreaNode => ({
  areaId,
  projectId: 1,
  parentId: null,
  name,
  type: 'areanode',
  polygon: [],
  remarks: '',
  sortNum: 0,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  children: [],
  ...extra,
});

const project = (projectId: number, projectName: string): Project => ({
  projectId,
  projectName,
  longitude: 113.93041,
  latitude: 22.53332,
  polygon: [],
});

const NORTH = rect(113.925, 22.534, 113.94, 22.54);
const tree = [
  area(10, '科技园片区', {
    type: 'areadir',
    polygon: rect(113.925, 22.528, 113.94, 22.54),
    children: [
      area(11, '科技园北区', { parentId: 10, polygon: NORTH, remarks: '北' }),
      area(12, '科技园南区', { parentId: 10, polygon: rect(113.925, 22.528, 113.94, 22.534) }),
    ],
  }),
];

function server(extra: FakeServer = {}): FakeServer {
  return {
    [projectEndpoints.listByUser.path]: () => [
      project(1, '深圳南山智慧路灯示范项目'),
      project(2, '杭州西湖景区亮化工程'),
    ],
    [areaEndpoints.tree.path]: ({ query }) => ((query as { projectId: number }).projectId === 1 ? tree : []),
    ...extra,
  };
}

const ALL = [
  'admin_areaManage_add',
  'admin_areaManage_edit',
  'admin_areaManage_delete',
  'admin_areaManage_assign',
];
const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

describe('AreaManagePage', () => {
  it('shows the first project’s area tree beside the map, searches it, and hides what the user may not do', async () => {
    const { calls } = renderAdminPage(<AreaManagePage />, server(), []);
    expect(await screen.findByText('科技园北区')).toBeTruthy();
    expect(screen.getByText('科技园片区')).toBeTruthy();
    expect(screen.getByRole('region', { name: '区域分布' })).toBeTruthy();
    expect(calls.find((call) => call.path === areaEndpoints.tree.path)?.query).toEqual({ projectId: 1 });
    expect(screen.queryByRole('button', { name: /新增节点/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /分配用户/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('搜索区域名称'), { target: { value: '南区' } });
    fireEvent.keyDown(screen.getByLabelText('搜索区域名称'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('科技园北区')).toBeNull());
    expect(screen.getByText('科技园南区')).toBeTruthy();
    expect(screen.getByText('科技园片区')).toBeTruthy();
  });

  it('opens the project named in the address, and says when it has no areas', async () => {
    const { calls } = renderAdminPage(<AreaManagePage />, server(), ALL, '/admin/areaManage?projectId=2');
    expect(await screen.findByText('该项目还没有区域')).toBeTruthy();
    expect(calls.find((call) => call.path === areaEndpoints.tree.path)?.query).toEqual({ projectId: 2 });
  });

  it('adds a node under the chosen directory: a node needs an outline, and a refusal keeps the form', async () => {
    const created: unknown[] = [];
    renderAdminPage(
      <AreaManagePage />,
      server({
        [areaEndpoints.create.path]: ({ body }) => {
          created.push(body);
          throw new Error('与区域“科技园北区”重叠');
        },
      }),
      ALL,
    );
    fireEvent.click(await screen.findByText('科技园片区'));
    fireEvent.click(screen.getByRole('button', { name: /新增节点/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增区域节点')).toBeTruthy();
    expect(within(dialog).getByText('科技园片区')).toBeTruthy();
    save(dialog);
    expect(await within(dialog).findByText('请输入区域名称')).toBeTruthy();
    expect(await within(dialog).findByText('区域节点须在地图上绘制区域范围')).toBeTruthy();
    expect(created).toHaveLength(0);

    // A directory needs no outline; the refused save leaves the dialog as it was.
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '科技园东区' } });
    fireEvent.click(within(dialog).getByText('区域目录'));
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      projectId: 1,
      name: '科技园东区',
      type: 'areadir',
      parentId: 10,
      polygon: [],
      sortNum: 0,
      remarks: '',
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((dialogField(dialog, 'name') as HTMLInputElement).value).toBe('科技园东区');
  });

  it('edits the chosen area keeping its outline, and deletes it after asking', async () => {
    const updated: unknown[] = [];
    const deleted: unknown[] = [];
    renderAdminPage(
      <AreaManagePage />,
      server({
        [areaEndpoints.update.path]: ({ body }) => {
          updated.push(body);
          return { ...area(11, '科技园北一区'), polygon: NORTH };
        },
        [areaEndpoints.delete.path]: (input) => {
          deleted.push(input);
          return null;
        },
      }),
      ALL,
    );
    fireEvent.click(await screen.findByText('科技园北区'));
    expect(await screen.findByText('4 个顶点')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑区域“科技园北区”')).toBeTruthy();
    expect(within(dialog).getByText('边界：4 个顶点')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '科技园北一区' } });
    save(dialog);
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toEqual({
      areaId: 11,
      name: '科技园北一区',
      type: 'areanode',
      parentId: 10,
      polygon: NORTH,
      sortNum: 0,
      remarks: '北',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText(/确定删除“科技园北区”吗/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleted).toHaveLength(1));
  });

  it('gives an area to members of the project', async () => {
    const assigned: unknown[] = [];
    renderAdminPage(
      <AreaManagePage />,
      server({
        [areaEndpoints.users.path]: () => [{ userId: 1, name: '系统管理员', userName: 'admin' }],
        [areaEndpoints.candidates.path]: () => [
          { userId: 1, name: '系统管理员', userName: 'admin' },
          { userId: 2, name: '张三', userName: 'zhangsan' },
        ],
        [areaEndpoints.assignUsers.path]: ({ body }) => {
          assigned.push(body);
          return [];
        },
      }),
      ALL,
    );
    fireEvent.click(await screen.findByText('科技园南区'));
    fireEvent.click(screen.getByRole('button', { name: /分配用户/ }));
    // The dialog waits for both lists, then opens with the stored choice.
    const zhang = await screen.findByText('张三（zhangsan）', {}, { timeout: 5000 });
    const dialog = zhang.closest<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('the member is not in a dialog');
    expect(within(dialog).getByText('分配“科技园南区”的用户')).toBeTruthy();
    fireEvent.click(zhang);
    fireEvent.click(within(dialog).getAllByRole('button', { name: /right/ })[0] as HTMLElement);
    save(dialog);
    await waitFor(() => expect(assigned).toHaveLength(1));
    expect(assigned[0]).toEqual({ areaId: 12, userIds: [2, 1] });
    expect(await screen.findByText('区域用户已保存')).toBeTruthy();
  });

  it('says why users cannot be given when the project’s members cannot be read', async () => {
    renderAdminPage(
      <AreaManagePage />,
      server({
        [areaEndpoints.users.path]: () => [],
        [areaEndpoints.candidates.path]: () => {
          throw new Error('无权限');
        },
      }),
      ALL,
    );
    fireEvent.click(await screen.findByText('科技园南区'));
    fireEvent.click(screen.getByRole('button', { name: /分配用户/ }));
    expect(await screen.findByText(/无法读取该项目的成员/, {}, { timeout: 5000 })).toBeTruthy();
  });
});
