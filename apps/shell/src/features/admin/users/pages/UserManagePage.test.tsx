import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  organizationEndpoints,
  projectEndpoints,
  roleEndpoints,
  tableSettingsEndpoints,
  userEndpoints,
  type UserRow,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { UserManagePage } from './UserManagePage';

beforeAll(() => initI18n('zh-CN'));

const row = (userId: number, userName: string, name: string): UserRow => ({
  userId,
  userName,
  name,
  email: '',
  gender: null,
  phone: '13800000000',
  otherContact: '',
  jobTitle: '',
  birthDate: null,
  status: 'enabled',
  roles: [{ roleId: 2, roleName: '运维人员' }],
  orgId: null,
  orgName: null,
  projectIds: [],
  mustChangePassword: false,
  editor: 'admin',
  createTime: '2026-06-01T00:00:00.000Z',
  updateTime: '2026-06-01T00:00:00.000Z',
});

function server(): FakeServer {
  const users = [row(1, 'admin', '系统管理员'), row(2, 'zhangsan', '张三')];
  return {
    [userEndpoints.page.path]: () => ({ list: users, total: users.length, pageNum: 1, pageSize: 15 }),
    [userEndpoints.create.path]: ({ body }) => {
      const created = { ...row(3, 'lisi', '李四'), ...(body as object) } as UserRow;
      users.push(created);
      return created;
    },
    [roleEndpoints.options.path]: () => [{ roleId: 2, name: '运维人员' }],
    [organizationEndpoints.options.path]: () => [],
    [projectEndpoints.listByUser.path]: () => [],
    [userEndpoints.deleteMany.path]: () => null,
    [tableSettingsEndpoints.get.path]: () => null,
  };
}

const ALL = [
  'userManage_add',
  'userManage_edit',
  'userManage_delete',
  'userManage_state',
  'userManage_resetPwd',
];

describe('用户管理', () => {
  it('lists users with their roles and offers only the actions the user holds codes for', async () => {
    renderAdminPage(<UserManagePage />, server(), ['userManage_edit'], '/admin/userManage');
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getAllByText('运维人员').length).toBeGreaterThan(0);
    // Role queries are slow over a whole antd table in jsdom; the buttons' words tell the same.
    expect(screen.queryByText('新增用户')).toBeNull();
    expect(screen.getAllByText(/^编\s*辑$/).length).toBe(2);
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
  });

  it('says once that an empty field is needed, and counts what is typed against the limit', async () => {
    renderAdminPage(<UserManagePage />, server(), ALL, '/admin/userManage');
    fireEvent.click(await screen.findByText('新增用户'));
    const dialog = await screen.findByRole('dialog');
    const nameItem = dialogField(dialog, 'name').closest<HTMLElement>('.ant-form-item');
    if (!nameItem) throw new Error('no form item around the name');
    expect(within(nameItem).getByText('0 / 50')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(nameItem).findByText('请输入姓名')).toBeTruthy();
    const lines = [...nameItem.querySelectorAll('.ant-form-item-explain-error')].map(
      (line) => line.textContent,
    );
    expect(lines).toEqual(['请输入姓名']);
  });

  it('adds a user: the contract’s rules in the form, then the call with the chosen role', async () => {
    const { calls } = renderAdminPage(<UserManagePage />, server(), ALL, '/admin/userManage');
    fireEvent.click(await screen.findByText('新增用户'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'userName'), { target: { value: 'a' } });
    // A user's name may carry digits (测试巡查员11839): letters only is the rule of persons in charge.
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '测试巡查员11839' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeTruthy();
    expect(within(dialog).queryByText('只能输入中文或英文字母')).toBeNull();

    fireEvent.change(dialogField(dialog, 'userName'), { target: { value: 'lisi' } });
    fireEvent.change(dialogField(dialog, 'password'), { target: { value: 'Start@123' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '李四' } });
    fireEvent.mouseDown(dialogField(dialog, 'roleIds'));
    fireEvent.click(await screen.findByTitle('运维人员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.path === userEndpoints.create.path)).toBe(true));
    expect(calls.find((call) => call.path === userEndpoints.create.path)?.body).toMatchObject({
      userName: 'lisi',
      password: 'Start@123',
      name: '李四',
      roleIds: [2],
      birthDate: null,
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('deletes the chosen users in one call after asking', async () => {
    const { calls } = renderAdminPage(<UserManagePage />, server(), ALL, '/admin/userManage');
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === userEndpoints.deleteMany.path)?.body).toEqual({
        userIds: [2],
      }),
    );
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
