import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictionaryEndpoints, organizationEndpoints, type OrgNode } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage } from '../../../../test/renderAdminPage';
import { OrganizationPage } from './OrganizationPage';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const org = (orgId: number, name: string, extra: Partial<OrgNode> = {}): OrgNode => ({
  orgId,
  parentId: null,
  name,
  longitude: null,
  latitude: null,
  orgType: '',
  projectStart: null,
  projectEnd: null,
  responsible: '',
  phone: '',
  peopleCount: null,
  departmentCount: null,
  remarks: '',
  sortNum: 0,
  userCount: 0,
  editor: 'admin',
  createTime: '2026-06-01T00:00:00.000Z',
  updateTime: '2026-06-01T00:00:00.000Z',
  children: [],
  ...extra,
});

const tree = [
  org(1, '总部', {
    orgType: 'government',
    children: [org(2, '运维一部', { parentId: 1, responsible: '王五' })],
  }),
];
const dictionaries = {
  [dictionaryEndpoints.all.path]: () => ({
    version: 'v1',
    dictionaries: { org_type: [{ itemCode: 'government', itemName: '政府部门' }] },
  }),
};

describe('OrganizationPage', () => {
  it('shows the tree expanded, names the type from the dictionary, and searches by name', async () => {
    const { calls } = renderAdminPage(
      <OrganizationPage />,
      { ...dictionaries, [organizationEndpoints.list.path]: () => tree },
      ['organization_add', 'organization_edit', 'organization_delete'],
    );
    expect(await screen.findByText('运维一部')).toBeTruthy();
    expect(await screen.findByText('政府部门')).toBeTruthy();
    expect(screen.getByText('王五')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入组织名称'), { target: { value: '一部' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.some((call) => (call.query as { name?: string } | undefined)?.name === '一部')).toBe(true),
    );
  });

  it('hides the buttons the user has no code for', async () => {
    renderAdminPage(
      <OrganizationPage />,
      { ...dictionaries, [organizationEndpoints.list.path]: () => tree },
      [],
    );
    expect(await screen.findByText('运维一部')).toBeTruthy();
    expect(screen.queryByText('新增组织')).toBeNull();
    expect(screen.queryByText('新增下级')).toBeNull();
  });

  it('adds a child with the §5 coordinate rules checked in the form', async () => {
    const created: unknown[] = [];
    const { calls } = renderAdminPage(
      <OrganizationPage />,
      {
        ...dictionaries,
        [organizationEndpoints.list.path]: () => tree,
        [organizationEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return org(3, '新部门', { parentId: 1 });
        },
      },
      ['organization_add'],
    );
    const [firstAddChild] = await screen.findAllByText('新增下级');
    fireEvent.click(firstAddChild as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '新部门' } });
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '181' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的经度，-180~180')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '116.39747' } });
    expect(await within(dialog).findByText('请输入正确的纬度，-90~90')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '39.9' } });
    fireEvent.change(dialogField(dialog, 'projectStart'), { target: { value: '2026-05-02' } });
    fireEvent.change(dialogField(dialog, 'projectEnd'), { target: { value: '2026-05-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('结束时间必须晚于开始时间')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'projectEnd'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      name: '新部门',
      parentId: 1,
      longitude: '116.39747',
      latitude: '39.9',
      projectStart: '2026-05-02',
      projectEnd: '2026-12-31',
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === organizationEndpoints.list.path).length).toBeGreaterThan(1),
    );
  });
});
