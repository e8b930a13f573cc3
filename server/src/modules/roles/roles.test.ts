import { authEndpoints, roleEndpoints, userEndpoints, type PermissionNode } from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, resources, roleResources, roles, userRoles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { heldCodes as heldCodesOf, resourceIdsOf } from '../../test/permissions.js';

let t: TestApp;
let admin: string;
let adminRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const [role] = await t.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
  adminRoleId = role?.id ?? 0;
});
afterAll(() => t.close());

const roleCount = async () => t.handle.db.$count(roles);

async function create(name: string, description = '') {
  const answer = await t.api(roleEndpoints.create, { token: admin, body: { name, description } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const idsOf = (codes: string[]) => resourceIdsOf(t.handle.db, codes);
const heldCodes = (roleId: number) => heldCodesOf(t.handle.db, roleId);

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'roleManage'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const flatten = (nodes: PermissionNode[]): PermissionNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children)]);

describe('access', () => {
  it('refuses every role endpoint without the permission (10500) and without a session (10401)', async () => {
    await t.createUser('rolesviewer_no', 'Viewer@123', ['userManage_add']);
    const operator = await t.token('operator', 'Operator@123');
    const other = await t.token('rolesviewer_no', 'Viewer@123');
    for (const token of [operator, other]) {
      const calls = [
        t.api(roleEndpoints.page, { token, body: {} }),
        t.api(roleEndpoints.create, { token, body: { name: 'x' } }),
        t.api(roleEndpoints.update, { token, body: { roleId: 1, name: 'x' } }),
        t.api(roleEndpoints.delete, { token, body: { roleId: 1 } }),
        t.api(roleEndpoints.permissionTree, { token, query: { roleId: 1 } }),
        t.api(roleEndpoints.assignPermission, { token, body: { roleId: 1, resourceIds: [] } }),
        t.api(roleEndpoints.options, { token }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.status_code).toBe(10500);
    }
    const anonymous = [
      t.api(roleEndpoints.page, { body: {} }),
      t.api(roleEndpoints.create, { body: { name: 'x' } }),
      t.api(roleEndpoints.update, { body: { roleId: 1, name: 'x' } }),
      t.api(roleEndpoints.delete, { body: { roleId: 1 } }),
      t.api(roleEndpoints.permissionTree, { query: { roleId: 1 } }),
      t.api(roleEndpoints.assignPermission, { body: { roleId: 1, resourceIds: [] } }),
      t.api(roleEndpoints.options, {}),
    ];
    for (const answer of await Promise.all(anonymous)) expect(answer.status_code).toBe(10401);
  });

  it('lets the page code list roles but each action needs its button code', async () => {
    await t.createUser('rolesviewer', 'Viewer@123', ['roleManage']);
    const viewer = await t.token('rolesviewer', 'Viewer@123');
    expect((await t.api(roleEndpoints.page, { token: viewer, body: {} })).status_code).toBe(1);
    expect(
      (await t.api(roleEndpoints.permissionTree, { token: viewer, query: { roleId: adminRoleId } }))
        .status_code,
    ).toBe(1);
    expect((await t.api(roleEndpoints.create, { token: viewer, body: { name: 'no' } })).status_code).toBe(
      10500,
    );
    // The role select of the user form needs userManage, not roleManage.
    expect((await t.api(roleEndpoints.options, { token: viewer })).status_code).toBe(10500);
    await t.createUser('usersonly', 'Viewer@123', ['userManage']);
    const usersOnly = await t.token('usersonly', 'Viewer@123');
    const options = await t.api(roleEndpoints.options, { token: usersOnly });
    expect(options.status_code).toBe(1);
    expect(options.data).toEqual(expect.arrayContaining([{ roleId: adminRoleId, name: '超级管理员' }]));
  });
});

describe('list', () => {
  it('pages roles with their user counts, filters by name, and sorts', async () => {
    await create('巡检角色B', '巡检');
    await create('巡检角色A', '巡检');
    const page = await t.api(roleEndpoints.page, {
      token: admin,
      body: { pageNum: 1, pageSize: 15, name: '巡检', sortField: 'name', sortOrder: 'asc' },
    });
    expect(page.status_code).toBe(1);
    expect(page.data?.total).toBe(2);
    expect(page.data?.list.map((row) => row.name)).toEqual(['巡检角色A', '巡检角色B']);
    expect(page.data?.list[0]).toMatchObject({ description: '巡检', userCount: 0, editor: 'admin' });
    const all = await t.api(roleEndpoints.page, { token: admin, body: { name: '超级' } });
    expect(all.data?.list).toEqual([
      expect.objectContaining({ roleId: adminRoleId, builtIn: true, userCount: 1 }),
    ]);
  });

  it('refuses a page size the spec does not offer, naming the field', async () => {
    const answer = await t.api(roleEndpoints.page, { token: admin, body: { pageSize: 25 } });
    expect(answer).toMatchObject({ status_code: 10001, data: null });
    expect(answer.message).toContain('pageSize');
  });
});

describe('insert', () => {
  it('creates a role and logs it', async () => {
    const row = await create('值班长', '夜班');
    expect(row).toMatchObject({ name: '值班长', description: '夜班', builtIn: false, userCount: 0 });
    const entry = await lastLog('create');
    expect(entry).toMatchObject({ account: 'admin', targetName: '值班长', targetId: String(row.roleId) });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: null, after: '值班长' }]),
    );
  });

  it('refuses a name that exists with a clear text, writing nothing', async () => {
    await create('重复名');
    const before = await roleCount();
    const answer = await t.api(roleEndpoints.create, { token: admin, body: { name: '重复名' } });
    expect(answer).toEqual({ status_code: 10001, message: '角色名称已存在', data: null });
    expect(await roleCount()).toBe(before);
  });

  it.each([
    ['an empty name', { name: '  ' }, '请输入角色名称'],
    ['a long name', { name: 'x'.repeat(51) }, 'name'],
    ['a long description', { name: 'ok', description: 'x'.repeat(201) }, 'description'],
    ['an unknown field', { name: 'ok', code: 'admin' }, 'code'],
  ])('refuses %s with 10001, writing nothing', async (_, body, message) => {
    const before = await roleCount();
    const answer = await t.api(roleEndpoints.create, { token: admin, body: body as { name: string } });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(message);
    expect(await roleCount()).toBe(before);
  });
});

describe('update', () => {
  it('saves and logs before and after', async () => {
    const row = await create('待改名', '旧描述');
    const answer = await t.api(roleEndpoints.update, {
      token: admin,
      body: { roleId: row.roleId, name: '已改名', description: '新描述' },
    });
    expect(answer).toMatchObject({ status_code: 1, data: { name: '已改名', description: '新描述' } });
    const entry = await lastLog('update');
    expect(entry?.changes).toEqual([
      { field: 'name', before: '待改名', after: '已改名' },
      { field: 'description', before: '旧描述', after: '新描述' },
    ]);
  });

  it('refuses a name another role has (the unique index decides), changing nothing', async () => {
    const row = await create('甲角色');
    await create('乙角色');
    const answer = await t.api(roleEndpoints.update, {
      token: admin,
      body: { roleId: row.roleId, name: '乙角色', description: '不会保存' },
    });
    expect(answer).toEqual({ status_code: 10001, message: '角色名称已存在', data: null });
    const [stored] = await t.handle.db.select().from(roles).where(eq(roles.id, row.roleId));
    expect(stored).toMatchObject({ name: '甲角色', description: '' });
  });

  it('never renames the built-in admin role, but its description may change', async () => {
    const renamed = await t.api(roleEndpoints.update, {
      token: admin,
      body: { roleId: adminRoleId, name: '管理员2' },
    });
    expect(renamed).toEqual({ status_code: 10001, message: '超级管理员角色不能删除或重命名', data: null });
    const described = await t.api(roleEndpoints.update, {
      token: admin,
      body: { roleId: adminRoleId, name: '超级管理员', description: '全部权限' },
    });
    expect(described.data).toMatchObject({ name: '超级管理员', description: '全部权限' });
  });

  it('answers a clear refusal for a role that no longer exists', async () => {
    const answer = await t.api(roleEndpoints.update, { token: admin, body: { roleId: 987_654, name: 'x' } });
    expect(answer).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });
});

describe('delete', () => {
  it('deletes a role no one holds, with its permissions, and logs it', async () => {
    const row = await create('临时角色');
    await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: await idsOf(['userManage']) },
    });
    const answer = await t.api(roleEndpoints.delete, { token: admin, body: { roleId: row.roleId } });
    expect(answer).toMatchObject({ status_code: 1, message: '删除成功' });
    expect(await t.handle.db.$count(roles, eq(roles.id, row.roleId))).toBe(0);
    expect(await t.handle.db.$count(roleResources, eq(roleResources.roleId, row.roleId))).toBe(0);
    expect(await lastLog('delete')).toMatchObject({ targetName: '临时角色' });
  });

  it('refuses a role users hold, naming how many', async () => {
    const row = await create('在用角色');
    for (const name of ['holder1', 'holder2', 'holder3']) {
      const id = await t.createUser(name, 'Holder@123');
      await t.handle.db.insert(userRoles).values({ userId: id, roleId: row.roleId });
    }
    const answer = await t.api(roleEndpoints.delete, { token: admin, body: { roleId: row.roleId } });
    expect(answer).toEqual({
      status_code: 10001,
      message: '该角色已分配给3个用户，请先取消分配后再删除',
      data: null,
    });
    expect(await t.handle.db.$count(roles, eq(roles.id, row.roleId))).toBe(1);
  });

  it('never deletes the built-in admin role', async () => {
    const answer = await t.api(roleEndpoints.delete, { token: admin, body: { roleId: adminRoleId } });
    expect(answer).toEqual({ status_code: 10001, message: '超级管理员角色不能删除或重命名', data: null });
  });

  it('refuses a bad role id, naming the field', async () => {
    const answer = await t.api(roleEndpoints.delete, {
      token: admin,
      body: { roleId: -1 } as { roleId: number },
    });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain('roleId');
  });
});

describe('permissions', () => {
  it('answers the whole tree with the role’s items checked', async () => {
    const tree = await t.api(roleEndpoints.permissionTree, { token: admin, query: { roleId: adminRoleId } });
    const nodes = flatten(tree.data ?? []);
    expect(nodes.length).toBe(await t.handle.db.$count(resources));
    expect(nodes.every((node) => node.checked)).toBe(true);
    const fresh = await create('空角色');
    const empty = await t.api(roleEndpoints.permissionTree, {
      token: admin,
      query: { roleId: fresh.roleId },
    });
    expect(flatten(empty.data ?? []).some((node) => node.checked)).toBe(false);
    expect(empty.data?.find((node) => node.code === 'admin')?.children.map((n) => n.code)).toContain(
      'roleManage',
    );
  });

  it('stores the checked items with their ancestors, replacing the old set, and logs the difference', async () => {
    const row = await create('分配测试');
    const [dictionaryId, roleAddId] = await idsOf(['dictionary', 'roleManage_add']);
    await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: [dictionaryId ?? 0] },
    });
    expect(await heldCodes(row.roleId)).toEqual(['admin', 'dictionary']);
    const answer = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: [roleAddId ?? 0] },
    });
    expect(answer.status_code).toBe(1);
    expect(answer.message).toBe('权限分配成功');
    expect(await heldCodes(row.roleId)).toEqual(['admin', 'roleManage', 'roleManage_add']);
    const checked = flatten(answer.data ?? []).filter((node) => node.checked);
    expect(checked.map((node) => node.code).sort()).toEqual(['admin', 'roleManage', 'roleManage_add']);
    const entry = await lastLog('assignPermission');
    expect(entry?.changes).toEqual([
      { field: 'added', before: null, after: 'roleManage,roleManage_add' },
      { field: 'removed', before: 'dictionary', after: null },
    ]);
  });

  it('refuses to narrow the admin role, which keeps every permission', async () => {
    const before = await t.handle.db.$count(roleResources, eq(roleResources.roleId, adminRoleId));
    const answer = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: adminRoleId, resourceIds: await idsOf(['userManage']) },
    });
    expect(answer).toEqual({
      status_code: 10001,
      message: '超级管理员角色始终拥有全部权限，不能修改',
      data: null,
    });
    expect(await t.handle.db.$count(roleResources, eq(roleResources.roleId, adminRoleId))).toBe(before);
  });

  it('refuses unknown resource ids or a bad list, changing nothing', async () => {
    const row = await create('坏输入');
    await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: await idsOf(['dictionary']) },
    });
    const unknown = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: [999_999] },
    });
    expect(unknown).toEqual({ status_code: 10001, message: '所选权限不存在，请刷新后重试', data: null });
    const bad = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: ['x'] } as unknown as {
        roleId: number;
        resourceIds: number[];
      },
    });
    expect(bad.status_code).toBe(10001);
    expect(bad.message).toContain('resourceIds');
    expect(await heldCodes(row.roleId)).toEqual(['admin', 'dictionary']);
    const missing = await t.api(roleEndpoints.permissionTree, { token: admin, query: { roleId: 987_654 } });
    expect(missing).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });

  it('changes a user’s menus and elements at the next permission load', async () => {
    const row = await create('菜单跟随');
    const [dictionaryId] = await idsOf(['dictionary']);
    await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: [dictionaryId ?? 0] },
    });
    const userId = await t.createUser('follower', 'Follow@123');
    await t.handle.db.insert(userRoles).values({ userId, roleId: row.roleId });
    const token = await t.token('follower', 'Follow@123');
    const first = await t.api(authEndpoints.userPermissions, { token });
    expect(first.data?.menus.map((menu) => menu.code).sort()).toEqual(['admin', 'dictionary']);
    expect(first.data?.elements).toEqual([]);

    await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId: row.roleId, resourceIds: await idsOf(['roleManage', 'roleManage_edit']) },
    });
    const second = await t.api(authEndpoints.userPermissions, { token });
    expect(second.data?.menus.map((menu) => menu.code).sort()).toEqual(['admin', 'roleManage']);
    expect(second.data?.elements).toEqual(['roleManage_edit']);
    // The same session may now edit roles, and no longer reads the dictionary page's endpoints.
    expect((await t.api(roleEndpoints.page, { token, body: {} })).status_code).toBe(1);
    expect((await t.api(userEndpoints.page, { token, body: {} })).status_code).toBe(10500);
  });
});
