import {
  onlineSessionEndpoints,
  tableSettingsEndpoints,
  userEndpoints,
  type CreateUser,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminRoleId: number;
let operatorRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const all = await t.handle.db.select({ id: roles.id, code: roles.code }).from(roles);
  adminRoleId = all.find((role) => role.code === 'admin')?.id ?? 0;
  operatorRoleId = all.find((role) => role.code !== 'admin')?.id ?? 0;
});
afterAll(() => t.close());

const newUser = (userName: string, extra: Partial<CreateUser> = {}): CreateUser => ({
  userName,
  password: 'Start@123',
  name: '张三',
  roleIds: [operatorRoleId],
  ...extra,
});

async function create(userName: string, extra: Partial<CreateUser> = {}) {
  const answer = await t.api(userEndpoints.create, { token: admin, body: newUser(userName, extra) });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const userCount = async () => t.handle.db.$count(users);

describe('userList', () => {
  it('pages with the total, filters by name, account, state and role, and sorts', async () => {
    await create('list_b', { name: '李二' });
    await create('list_a', { name: '李一' });
    await create('list_c', { name: '王三' });
    const page = await t.api(userEndpoints.page, {
      token: admin,
      body: { pageNum: 1, pageSize: 15, name: '李', sortField: 'userName', sortOrder: 'asc' },
    });
    expect(page.status_code).toBe(1);
    expect(page.data?.total).toBe(2);
    expect(page.data?.list.map((row) => row.userName)).toEqual(['list_a', 'list_b']);
    const byRole = await t.api(userEndpoints.page, { token: admin, body: { roleId: adminRoleId } });
    expect(byRole.data?.list.map((row) => row.userName)).toEqual(['admin']);
    const second = await t.api(userEndpoints.page, {
      token: admin,
      body: { pageNum: 2, pageSize: 15, name: '李' },
    });
    expect(second.data).toMatchObject({ list: [], total: 2, pageNum: 2 });
  });

  it('refuses a page size the spec does not offer, naming the field', async () => {
    const answer = await t.api(userEndpoints.page, { token: admin, body: { pageSize: 25 } });
    expect(answer).toMatchObject({ status_code: 10001, data: null });
    expect(answer.message).toContain('pageSize');
  });

  it('treats % and _ in a filter as the characters themselves', async () => {
    const answer = await t.api(userEndpoints.page, { token: admin, body: { userName: '%' } });
    expect(answer.data?.total).toBe(0);
  });
});

describe('access', () => {
  it('refuses every user endpoint without the permission (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const calls = [
      t.api(userEndpoints.page, { token: operator, body: {} }),
      t.api(userEndpoints.info, { token: operator, body: { userId: 1 } }),
      t.api(userEndpoints.create, { token: operator, body: newUser('nope') }),
      t.api(userEndpoints.update, { token: operator, body: { ...newUser('x'), userId: 1 } }),
      t.api(userEndpoints.alterState, { token: operator, body: { userId: 1, status: 'disabled' } }),
      t.api(userEndpoints.assignRole, { token: operator, body: { userId: 1, roleIds: [1] } }),
      t.api(userEndpoints.resetPassword, { token: operator, body: { userId: 1, password: 'Reset@123' } }),
      t.api(userEndpoints.delete, { token: operator, query: { userId: 1 } }),
      t.api(onlineSessionEndpoints.page, { token: operator, body: {} }),
      t.api(onlineSessionEndpoints.kick, { token: operator, body: { sessionId: 1 } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status_code).toBe(10500);
    expect((await t.api(userEndpoints.page, { body: {} })).status_code).toBe(10401);
  });

  it('lets a user with only the page list users but not add them (the button code is checked)', async () => {
    await t.createUser('viewer', 'Viewer@123', ['userManage']);
    const viewer = await t.token('viewer', 'Viewer@123');
    expect((await t.api(userEndpoints.page, { token: viewer, body: {} })).status_code).toBe(1);
    expect((await t.api(userEndpoints.create, { token: viewer, body: newUser('nope2') })).status_code).toBe(
      10500,
    );
  });
});

describe('addUser', () => {
  it('creates a user who must replace the password before any business call', async () => {
    const row = await create('newcomer', {
      email: 'a@b.cn',
      phone: '0755-12345678',
      gender: 'female',
      birthDate: '1990-02-28',
    });
    expect(row).toMatchObject({
      userName: 'newcomer',
      status: 'enabled',
      mustChangePassword: true,
      gender: 'female',
      editor: 'admin',
    });
    const token = await t.token('newcomer', 'Start@123');
    const refused = await t.api(userEndpoints.page, { token, body: {} });
    expect(refused).toMatchObject({ status_code: 10001, message: '请先修改管理员设置的初始密码' });
    const changed = await t.call('POST', '/api/user/updatePwd', {
      token,
      body: { oldPassword: 'Start@123', password: 'Mine@1234', confirmPass: 'Mine@1234' },
    });
    expect(changed.json.status_code).toBe(1);
    const [stored] = await t.handle.db.select().from(users).where(eq(users.userName, 'newcomer'));
    expect(stored?.mustChangePassword).toBe(false);
  });

  it('refuses an account that exists, ignoring case, and writes nothing', async () => {
    const before = await userCount();
    const answer = await t.api(userEndpoints.create, { token: admin, body: newUser('ADMIN') });
    expect(answer).toEqual({ status_code: 10001, message: '登录账号已存在', data: null });
    expect(await userCount()).toBe(before);
  });

  it('takes a name with digits: the letters-only rule is for persons in charge, not for users', async () => {
    expect((await create('inspector_11839', { name: '测试巡查员11839' })).name).toBe('测试巡查员11839');
  });

  it.each([
    ['account', { userName: 'a' }, '账号长度2-50位,只能为字母、数字或任意组合'],
    ['name', { name: '张'.repeat(51) }, '长度为1-50个字符'],
    ['email', { email: 'not-mail' }, '请输入正确的邮箱地址'],
    ['phone', { phone: '12345' }, '请输入正确的手机号码或座机号码'],
    ['birth date', { birthDate: '2999-01-01' }, '出生日期不能晚于今天'],
    ['no role', { roleIds: [] }, '请选择角色'],
    ['unknown role', { roleIds: [999_999] }, '所选角色不存在，请刷新后重试'],
    [
      'weak password',
      { password: 'abcdefg' },
      '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位',
    ],
  ])('refuses a bad %s with 10001 and its message, writing nothing', async (_, extra, message) => {
    const before = await userCount();
    const answer = await t.api(userEndpoints.create, { token: admin, body: newUser('bad_input', extra) });
    expect(answer).toEqual({ status_code: 10001, message, data: null });
    expect(await userCount()).toBe(before);
  });

  it('names the field of a rule without a text of its own', async () => {
    const answer = await t.api(userEndpoints.create, {
      token: admin,
      body: newUser('longjob', { jobTitle: 'x'.repeat(51) }),
    });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain('jobTitle');
  });
});

describe('updateUser', () => {
  it('saves the fields and logs each change with before and after', async () => {
    const row = await create('editme', { jobTitle: '巡检员' });
    const answer = await t.api(userEndpoints.update, {
      token: admin,
      body: { userId: row.userId, name: '李四', roleIds: [operatorRoleId], jobTitle: '班长' },
    });
    expect(answer.data).toMatchObject({ name: '李四', jobTitle: '班长' });
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'userManage'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ account: 'admin', targetName: 'editme', outcome: 'success' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: '张三', after: '李四' },
        { field: 'jobTitle', before: '巡检员', after: '班长' },
      ]),
    );
    expect(entry?.changes).toHaveLength(2);
  });

  it('logs a change of roles by the roles’ names', async () => {
    const row = await create('rolesmoved');
    const before = row.roles.map((role) => role.roleName).join('、');
    await t.api(userEndpoints.update, {
      token: admin,
      body: { userId: row.userId, name: row.name, roleIds: [1, operatorRoleId] },
    });
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'userManage'), eq(auditLog.targetName, 'rolesmoved')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.changes).toEqual([
      { field: 'roleNames', before, after: ['值班操作员', '超级管理员'].sort().join('、') },
    ]);
    // Another administrator would change what the tests below see.
    await t.api(userEndpoints.delete, { token: admin, query: { userId: row.userId } });
  });

  it('answers a clear refusal for a user that no longer exists', async () => {
    const answer = await t.api(userEndpoints.update, {
      token: admin,
      body: { userId: 987_654, name: '王五', roleIds: [operatorRoleId] },
    });
    expect(answer).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });
});

describe('the rules of state, roles and deletion', () => {
  const adminId = async () =>
    (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin')))[0]?.id ?? 0;

  it('refuses deleting or disabling yourself', async () => {
    const id = await adminId();
    expect((await t.api(userEndpoints.delete, { token: admin, query: { userId: id } })).message).toBe(
      '不能删除当前登录的用户',
    );
    expect(
      (await t.api(userEndpoints.alterState, { token: admin, body: { userId: id, status: 'disabled' } }))
        .message,
    ).toBe('不能停用当前登录的用户');
  });

  it('never leaves the platform without an enabled administrator', async () => {
    const second = await create('second_admin', { roleIds: [adminRoleId], password: 'Second@123' });
    await t.handle.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, second.userId));
    const other = await t.token('second_admin', 'Second@123');
    // With two administrators, one may demote the other...
    const demoted = await t.api(userEndpoints.assignRole, {
      token: other,
      body: { userId: await adminId(), roleIds: [operatorRoleId] },
    });
    expect(demoted.status_code).toBe(1);
    // ...but the last one cannot demote itself; nothing changes.
    const last = await t.api(userEndpoints.assignRole, {
      token: other,
      body: { userId: second.userId, roleIds: [operatorRoleId] },
    });
    expect(last).toMatchObject({ status_code: 10001, message: '至少需要保留一个启用的管理员' });
    expect(
      (await t.api(userEndpoints.info, { token: other, body: { userId: second.userId } })).data?.roles,
    ).toEqual([expect.objectContaining({ roleId: adminRoleId })]);
    await t.api(userEndpoints.assignRole, {
      token: other,
      body: { userId: await adminId(), roleIds: [adminRoleId] },
    });
  });

  it('ends the sessions of a user who is disabled, and lets them back in once enabled', async () => {
    const row = await create('leaver');
    await t.handle.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, row.userId));
    const token = await t.token('leaver', 'Start@123');
    const disabled = await t.api(userEndpoints.alterState, {
      token: admin,
      body: { userId: row.userId, status: 'disabled' },
    });
    expect(disabled).toMatchObject({
      status_code: 1,
      message: '用户状态已更新',
      data: { status: 'disabled' },
    });
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
    expect((await t.login('leaver', 'Start@123')).status_code).toBe(10001);
    await t.api(userEndpoints.alterState, { token: admin, body: { userId: row.userId, status: 'enabled' } });
    expect((await t.login('leaver', 'Start@123')).status_code).toBe(1);
  });

  it('resets a password: old sessions end, the new one must be changed at the next sign-in', async () => {
    const row = await create('forgetful');
    const token = await t.token('forgetful', 'Start@123');
    const answer = await t.api(userEndpoints.resetPassword, {
      token: admin,
      body: { userId: row.userId, password: 'Reset@123' },
    });
    expect(answer.message).toBe('密码已重置，该用户下次登录时须修改密码');
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
    const again = await t.login('forgetful', 'Reset@123');
    expect(again.status_code).toBe(1);
    const info = await t.call('POST', '/api/user/queryUserPermissions', { token: again.data?.token });
    expect(info.json.data).toMatchObject({ mustChangePassword: true });
  });

  it('deletes a user with their sessions, and logs it', async () => {
    const row = await create('gone');
    const token = await t.token('gone', 'Start@123');
    const answer = await t.api(userEndpoints.delete, { token: admin, query: { userId: row.userId } });
    expect(answer).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
    expect(
      (await t.api(userEndpoints.info, { token: admin, body: { userId: row.userId } })).status_code,
    ).toBe(10001);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delete'), eq(auditLog.targetName, 'gone')));
    expect(entry?.outcome).toBe('success');
  });
});

describe('batch delete', () => {
  const deleteMany = (userIds: number[], token = admin) =>
    t.api(userEndpoints.deleteMany, { token, body: { userIds } });
  const deletions = async () =>
    t.handle.db.$count(auditLog, and(eq(auditLog.action, 'delete'), eq(auditLog.outcome, 'success')));

  it('deletes the chosen users with their sessions, one log row each', async () => {
    const first = await create('batch_one');
    const second = await create('batch_two');
    const token = await t.token('batch_two', 'Start@123');
    const before = await deletions();
    const answer = await deleteMany([first.userId, second.userId, first.userId]);
    expect(answer).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(await deletions()).toBe(before + 2);
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
    const page = await t.api(userEndpoints.page, { token: admin, body: { userName: 'batch_' } });
    expect(page.data?.total).toBe(0);
  });

  it('deletes none when one of them may not be deleted', async () => {
    const kept = await create('batch_kept');
    const selfId = (await t.api(userEndpoints.page, { token: admin, body: { userName: 'admin' } })).data
      ?.list[0]?.userId;
    const count = await userCount();
    expect(await deleteMany([kept.userId, selfId ?? 0])).toMatchObject({
      status_code: 10001,
      message: '不能删除当前登录的用户',
    });
    expect(await deleteMany([kept.userId, 999_999])).toMatchObject({
      status_code: 10001,
      message: '记录不存在或已被删除，请刷新列表',
    });
    expect(await userCount()).toBe(count);
  });

  it('refuses an empty or oversized batch, and a caller without the delete button', async () => {
    const empty = await deleteMany([]);
    expect(empty.status_code).toBe(10001);
    expect(empty.message).toContain('userIds');
    const many = Array.from({ length: 101 }, (_, index) => index + 1);
    expect((await deleteMany(many)).status_code).toBe(10001);
    await t.createUser('batch_viewer', 'Viewer@123', ['userManage']);
    const viewer = await t.token('batch_viewer', 'Viewer@123');
    expect((await deleteMany([1], viewer)).status_code).toBe(10500);
  });
});

describe('online sessions', () => {
  it('lists live sessions with their address, and ends another one (its next call answers 10401)', async () => {
    await create('online_one');
    const token = await t.token('online_one', 'Start@123');
    const page = await t.api(onlineSessionEndpoints.page, { token: admin, body: { userName: 'online_one' } });
    const session = page.data?.list[0];
    expect(session).toMatchObject({ userName: 'online_one', current: false });
    const kicked = await t.api(onlineSessionEndpoints.kick, {
      token: admin,
      body: { sessionId: session?.sessionId ?? 0 },
    });
    expect(kicked).toMatchObject({ status_code: 1, message: '已强制该会话下线' });
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
  });

  it('refuses to end your own session from the list', async () => {
    const page = await t.api(onlineSessionEndpoints.page, {
      token: admin,
      body: { userName: 'admin', pageSize: 100 },
    });
    const own = page.data?.list.find((row) => row.current);
    const answer = await t.api(onlineSessionEndpoints.kick, {
      token: admin,
      body: { sessionId: own?.sessionId ?? 0 },
    });
    expect(answer.message).toBe('不能强制当前会话下线，请使用退出登录');
  });
});

describe('column settings', () => {
  it('saves, reads back and resets a user’s columns per list, and refuses a bad key', async () => {
    const columns = [
      { key: 'name', visible: true, width: 180 },
      { key: 'email', visible: false },
    ];
    const saved = await t.api(tableSettingsEndpoints.save, {
      token: admin,
      body: { tableKey: 'userManage', columns },
    });
    expect(saved.message).toBe('列设置已保存');
    expect(
      (await t.api(tableSettingsEndpoints.get, { token: admin, query: { tableKey: 'userManage' } })).data,
    ).toEqual({ tableKey: 'userManage', columns });
    await t.api(tableSettingsEndpoints.reset, { token: admin, body: { tableKey: 'userManage' } });
    expect(
      (await t.api(tableSettingsEndpoints.get, { token: admin, query: { tableKey: 'userManage' } })).data,
    ).toBeNull();
    expect(
      (await t.api(tableSettingsEndpoints.get, { token: admin, query: { tableKey: '../x' } })).status_code,
    ).toBe(10001);
  });
});
