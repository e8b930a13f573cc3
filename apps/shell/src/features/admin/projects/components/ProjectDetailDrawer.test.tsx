import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditorEndpoints,
  cycleEndpoints,
  postEndpoints,
  projectManageEndpoints,
  type AuditorGroup,
  type CycleRow,
  type PostNode,
  type ProjectRow,
  type ProjectUser,
  type SegmentRow,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { ProjectPage } from '../pages/ProjectPage';
import { ProjectDetailDrawer } from './ProjectDetailDrawer';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const project: ProjectRow = {
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  longitude: null,
  latitude: null,
  polygon: [],
  customer: '',
  hosting: null,
  phase: 'operating',
  implementedOn: null,
  deliveredOn: null,
  leader: '',
  leaderPhone: '',
  opsLeader: '',
  opsLeaderPhone: '',
  remarks: '',
  memberCount: 2,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
};

const admin = { userId: 1, name: '系统管理员', userName: 'admin' };
const operator = { userId: 2, name: '值班员小王', userName: 'operator' };
const members: ProjectUser[] = [
  { ...admin, postId: 10, postName: '项目经理' },
  { ...operator, postId: null, postName: null },
];

const segment = (segmentId: number, name: string, extra: Partial<SegmentRow> = {}): SegmentRow => ({
  segmentId,
  cycleId: 5,
  name,
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  state: 'notStarted',
  ownerId: null,
  ownerName: null,
  remarks: '',
  ...extra,
});

const cycles: CycleRow[] = [
  {
    cycleId: 5,
    projectId: 1,
    name: '一期建设',
    startDate: '2025-03-01',
    endDate: '2025-12-31',
    remarks: '',
    sortNum: 1,
    segments: [
      segment(51, '现场勘查', { state: 'done', ownerId: 1, ownerName: '系统管理员' }),
      segment(52, '设备安装调试', { startDate: '2025-04-01', endDate: '2025-08-31', state: 'inProgress' }),
    ],
  },
  {
    cycleId: 6,
    projectId: 1,
    name: '二期扩容',
    startDate: '2026-01-01',
    endDate: '2026-06-30',
    remarks: '',
    sortNum: 2,
    segments: [],
  },
];

const posts: PostNode[] = [
  {
    postId: 10,
    parentId: null,
    name: '项目经理',
    users: [admin],
    children: [{ postId: 11, parentId: 10, name: '运维值班', users: [], children: [] }],
  },
];

const auditors: AuditorGroup[] = [
  { businessType: 'workOrder', auditors: [] },
  { businessType: 'inspection', auditors: [] },
  { businessType: 'alarm', auditors: [admin, operator] },
];

const details: FakeServer = {
  [cycleEndpoints.list.path]: () => cycles,
  [postEndpoints.users.path]: () => members,
  [postEndpoints.tree.path]: () => posts,
  [auditorEndpoints.find.path]: () => auditors,
};

const drawer = (server: FakeServer, elements: string[]) =>
  renderAdminPage(<ProjectDetailDrawer project={project} onClose={() => {}} />, server, elements);

/** What the drawer sent to one endpoint. */
const bodiesTo = (calls: { path: string; body?: unknown }[], endpoint: { path: string }) =>
  calls.filter((call) => call.path === endpoint.path).map((call) => call.body);

/** A button by its text: quicker than a role query over antd's deep trees. */
const button = (container: HTMLElement, name: RegExp) =>
  within(container).getByText(name).closest('button') as HTMLButtonElement;

/** Types a day into an antd date picker the way a person does: open, type, Enter. */
function typeDay(input: HTMLElement, day: string) {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('ProjectDetailDrawer', () => {
  it('opens from the row action 详情 of 项目管理, for the project of the row', async () => {
    renderAdminPage(
      <ProjectPage />,
      {
        ...details,
        [projectManageEndpoints.page.path]: () => ({ list: [project], total: 1, pageNum: 1, pageSize: 15 }),
      },
      [],
    );
    fireEvent.click((await screen.findByText(/详\s*情/)).closest('button') as HTMLElement);
    expect(await screen.findByText('项目详情：深圳南山智慧路灯示范项目')).toBeTruthy();
    expect(await screen.findByText('设备安装调试')).toBeTruthy();
  });

  it('shows the cycles in order, each with its segments, their state and owner', async () => {
    drawer(details, []);
    expect(await screen.findByText('一期建设')).toBeTruthy();
    expect(screen.getByText('二期扩容')).toBeTruthy();
    expect(screen.getByText('2025-03-01 ~ 2025-12-31')).toBeTruthy();
    expect(screen.getByText('现场勘查')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('进行中')).toBeTruthy();
    expect(screen.getByText('2025-04-01 ~ 2025-08-31')).toBeTruthy();
    expect(screen.getByText('该周期暂无环节')).toBeTruthy();
    const titles = screen.getAllByText(/一期建设|二期扩容/).map((node) => node.textContent);
    expect(titles).toEqual(['一期建设', '二期扩容']);
  });

  it('hides the plan’s write buttons without the plan code', async () => {
    drawer(details, ['project_auditor']);
    expect(await screen.findByText('现场勘查')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增周期/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增环节/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('adds a segment to a cycle: the dates inside the cycle, the state and the owner go in the body', async () => {
    const { calls } = drawer(
      { ...details, [cycleEndpoints.insertSegment.path]: () => segment(53, '竣工验收') },
      ['project_plan'],
    );
    expect(await screen.findByText('新增周期')).toBeTruthy();
    const first = screen.getByLabelText('一期建设');
    fireEvent.click(button(first, /新增环节/));
    const dialog = (await screen.findByText('新增环节 · 一期建设')).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    fireEvent.click(button(dialog, /保\s*存/));
    expect(await within(dialog).findByText('请输入环节名称')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '竣工验收' } });
    typeDay(dialogField(dialog, 'startDate'), '2025-09-01');
    typeDay(dialogField(dialog, 'endDate'), '2026-01-31');
    fireEvent.click(button(dialog, /保\s*存/));
    expect(await within(dialog).findByText('环节的起止日期须在所属周期的起止日期之内')).toBeTruthy();
    typeDay(dialogField(dialog, 'endDate'), '2025-12-31');
    fireEvent.mouseDown(dialogField(dialog, 'ownerId'));
    fireEvent.click(await screen.findByTitle('值班员小王（operator）'));
    fireEvent.click(button(dialog, /保\s*存/));
    await waitFor(() => expect(bodiesTo(calls, cycleEndpoints.insertSegment)).toHaveLength(1));
    expect(bodiesTo(calls, cycleEndpoints.insertSegment)[0]).toEqual({
      cycleId: 5,
      name: '竣工验收',
      startDate: '2025-09-01',
      endDate: '2025-12-31',
      state: 'notStarted',
      ownerId: 2,
      remarks: '',
    });
  });

  it('keeps the segment dialog and what was typed when the server refuses', async () => {
    const { calls } = drawer(
      {
        ...details,
        [cycleEndpoints.insertSegment.path]: () => {
          throw new Error('负责人须为该项目的成员');
        },
      },
      ['project_plan'],
    );
    const first = await screen.findByLabelText('一期建设');
    fireEvent.click(button(first, /新增环节/));
    const dialog = (await screen.findByText('新增环节 · 一期建设')).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '系统联调' } });
    typeDay(dialogField(dialog, 'startDate'), '2025-10-01');
    typeDay(dialogField(dialog, 'endDate'), '2025-10-31');
    fireEvent.click(button(dialog, /保\s*存/));
    await waitFor(() =>
      expect(calls.some((call) => call.path === cycleEndpoints.insertSegment.path)).toBe(true),
    );
    await waitFor(() => expect(button(dialog, /保\s*存/).className).not.toMatch(/loading/));
    expect(screen.getByText('新增环节 · 一期建设')).toBeTruthy();
    expect((dialogField(dialog, 'name') as HTMLInputElement).value).toBe('系统联调');
    expect((dialogField(dialog, 'endDate') as HTMLInputElement).value).toBe('2025-10-31');
  });

  it('edits a cycle: it must still span its segments, and the body names the cycle', async () => {
    const { calls } = drawer({ ...details, [cycleEndpoints.updateCycle.path]: () => cycles[0] }, [
      'project_plan',
    ]);
    // The cycle's own 编辑 comes first, before its segments'.
    const [edit] = within(await screen.findByLabelText('一期建设')).getAllByText(/编\s*辑/);
    fireEvent.click(edit?.closest('button') as HTMLElement);
    const dialog = (await screen.findByText('编辑周期')).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    expect((dialogField(dialog, 'name') as HTMLInputElement).value).toBe('一期建设');
    typeDay(dialogField(dialog, 'startDate'), '2025-03-15');
    fireEvent.click(button(dialog, /保\s*存/));
    expect(await within(dialog).findByText('周期的起止日期须包含其下所有环节的起止日期')).toBeTruthy();
    typeDay(dialogField(dialog, 'startDate'), '2025-02-01');
    typeDay(dialogField(dialog, 'endDate'), '2026-01-31');
    fireEvent.click(button(dialog, /保\s*存/));
    await waitFor(() => expect(bodiesTo(calls, cycleEndpoints.updateCycle)).toHaveLength(1));
    expect(bodiesTo(calls, cycleEndpoints.updateCycle)[0]).toEqual({
      cycleId: 5,
      name: '一期建设',
      startDate: '2025-02-01',
      endDate: '2026-01-31',
      sortNum: 1,
      remarks: '',
    });
  });

  it('deletes a cycle with its segments once confirmed', async () => {
    const { calls } = drawer({ ...details, [cycleEndpoints.deleteCycle.path]: () => null }, ['project_plan']);
    expect(await screen.findByText('二期扩容')).toBeTruthy();
    const second = screen.getByLabelText('二期扩容');
    fireEvent.click(button(second, /删\s*除/));
    expect(await screen.findByText('确定删除周期“二期扩容”吗？其下的环节将一并删除。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === cycleEndpoints.deleteCycle.path)).toBe(true),
    );
  });

  it('shows the post tree with its members and every member’s post, read only', async () => {
    drawer(details, ['project_plan', 'project_auditor']);
    fireEvent.click(await screen.findByRole('tab', { name: '岗位人员' }));
    const tree = await screen.findByRole('tree', { name: '岗位' });
    expect(within(tree).getByText('项目经理')).toBeTruthy();
    expect(within(tree).getByText('运维值班')).toBeTruthy();
    expect(within(tree).getByText('空缺')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('值班员小王')).toBeTruthy();
    expect(within(table).getByText('未分配岗位')).toBeTruthy();
    expect(screen.getByText(/在“用户管理”中为用户分配可见项目/)).toBeTruthy();
  });

  it('reorders the alarm auditors and saves them in the new order', async () => {
    const { calls } = drawer({ ...details, [auditorEndpoints.save.path]: () => auditors }, [
      'project_auditor',
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: '审核人' }));
    const alarm = await screen.findByLabelText('告警');
    const save = within(alarm)
      .getByText(/保\s*存/)
      .closest('button') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(alarm).getByLabelText('下移 系统管理员（admin）'));
    const order = [...alarm.querySelectorAll('li')].map((item) => item.textContent);
    expect(order).toEqual(['值班员小王（operator）', '系统管理员（admin）']);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(bodiesTo(calls, auditorEndpoints.save)).toHaveLength(1));
    expect(bodiesTo(calls, auditorEndpoints.save)[0]).toEqual({
      projectId: 1,
      businessType: 'alarm',
      userIds: [2, 1],
    });
  });

  it('shows the auditors without a way to change them to a user without the auditor code', async () => {
    drawer(details, []);
    fireEvent.click(await screen.findByRole('tab', { name: '审核人' }));
    const alarm = await screen.findByRole('region', { name: '告警' });
    expect(within(alarm).getByText('系统管理员（admin）')).toBeTruthy();
    expect(within(alarm).queryByRole('button')).toBeNull();
    expect(within(alarm).queryByRole('combobox')).toBeNull();
  });
});
