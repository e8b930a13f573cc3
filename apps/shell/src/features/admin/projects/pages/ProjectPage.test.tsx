import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectManageEndpoints, type ProjectDetail, type ProjectRow } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage } from '../../../../test/renderAdminPage';
import { ProjectPage } from './ProjectPage';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const project = (projectId: number, projectName: string, extra: Partial<ProjectRow> = {}): ProjectRow => ({
  projectId,
  projectName,
  longitude: null,
  latitude: null,
  polygon: [],
  customer: '',
  hosting: null,
  phase: 'planning',
  implementedOn: null,
  deliveredOn: null,
  leader: '',
  leaderPhone: '',
  opsLeader: '',
  opsLeaderPhone: '',
  remarks: '',
  memberCount: 1,
  editor: 'admin',
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...extra,
});

const rows = [
  project(1, '深圳南山智慧路灯示范项目', {
    longitude: 113.93041,
    latitude: 22.53332,
    phase: 'operating',
    leader: '张三',
  }),
  project(2, '杭州西湖景区亮化工程', { phase: 'implementing' }),
];
const page = {
  [projectManageEndpoints.page.path]: () => ({ list: rows, total: 2, pageNum: 1, pageSize: 15 }),
};
const ALL = ['project_add', 'project_edit', 'project_delete', 'project_location'];

describe('ProjectPage', () => {
  it('lists the projects with their phase, place and leader, and searches by name', async () => {
    const { calls } = renderAdminPage(<ProjectPage />, page, ALL);
    expect(await screen.findByText('深圳南山智慧路灯示范项目')).toBeTruthy();
    expect(screen.getByText('运维')).toBeTruthy();
    expect(screen.getByText('113.93041, 22.53332')).toBeTruthy();
    expect(screen.getByText('未设置')).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByRole('region', { name: '项目分布' })).toBeTruthy();
    fireEvent.change(screen.getAllByRole('textbox')[0] as HTMLElement, { target: { value: '西湖' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        calls.some((call) => (call.body as { projectName?: string } | undefined)?.projectName === '西湖'),
      ).toBe(true),
    );
  });

  it('hides the buttons the user has no code for', async () => {
    renderAdminPage(<ProjectPage />, page, []);
    expect(await screen.findByText('杭州西湖景区亮化工程')).toBeTruthy();
    expect(screen.queryByText('新增项目')).toBeNull();
    expect(screen.queryByText('设置位置')).toBeNull();
  });

  it('adds a project: the name is required and a wrong longitude is named, in the spec’s words', async () => {
    const created: unknown[] = [];
    renderAdminPage(
      <ProjectPage />,
      {
        ...page,
        [projectManageEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return { ...project(3, '新项目'), userIds: [1] } satisfies ProjectDetail;
        },
      },
      ALL,
    );
    fireEvent.click(await screen.findByRole('button', { name: /新增项目/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'projectName'), { target: { value: '新项目' } });
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的经度，-180~180')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '120.15507' } });
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '30.27415' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      projectName: '新项目',
      longitude: '120.15507',
      latitude: '30.27415',
      polygon: [],
      phase: 'planning',
    });
  });
});
