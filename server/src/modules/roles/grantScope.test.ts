import { roleEndpoints, userEndpoints } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, roles, userRoles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { heldCodes as heldCodesOf, resourceIdsOf } from '../../test/permissions.js';

/**
 * No one raises a role or a user above their own permissions: a delegate who may assign permissions
 * and roles, but is no administrator, hands out only what they hold and never touches their own roles.
 */

let t: TestApp;
let admin: string;
let delegate: string;
let delegateId: number;
let adminUserId: number;
let adminRoleId: number;
let delegateRoleId: number;

const DELEGATE_CODES = [
  'roleManage',
  'roleManage_assignPermission',
  'userManage',
  'userManage_add',
  'userManage_edit',
  'userManage_assignRole',
  'userManage_resetPwd',
  'userManage_state',
  'userManage_delete',
  'dictionary',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  delegateId = await t.createUser('delegate', 'Delegate@123', DELEGATE_CODES);
  delegate = await t.token('delegate', 'Delegate@123');
  const all = await t.handle.db.select({ id: roles.id, code: roles.code }).from(roles);
  adminRoleId = all.find((role) => role.code === 'admin')?.id ?? 0;
  delegateRoleId = all.find((role) => role.code === 'test_delegate')?.id ?? 0;
  const [adminUser] = await t.handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'admin'));
  adminUserId = adminUser?.id ?? 0;
});
afterAll(() => t.close());

const idsOf = (codes: string[]) => resourceIdsOf(t.handle.db, codes);
const heldCodes = (roleId: number) => heldCodesOf(t.handle.db, roleId);

/** A role made by the administrator holding these codes (and their menu groups). */
async function roleHolding(name: string, codes: string[]) {
  const created = await t.api(roleEndpoints.create, { token: admin, body: { name, description: '' } });
  const roleId = created.data?.roleId ?? 0;
  const granted = await t.api(roleEndpoints.assignPermission, {
    token: admin,
    body: { roleId, resourceIds: await idsOf(codes) },
  });
  expect(granted.status_code).toBe(1);
  return roleId;
}

const grant = async (token: string, roleId: number, codes: string[]) =>
  t.api(roleEndpoints.assignPermission, { token, body: { roleId, resourceIds: await idsOf(codes) } });

const roleIdsOf = async (userId: number) =>
  (await t.handle.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((row) => row.roleId)
    .sort((a, b) => a - b);

const refused = (message: string) => ({ status_code: 10001, message, data: null });

describe('assigning permissions to a role', () => {
  it('lets a delegate grant what they hold, public items included, and narrow it again', async () => {
    await t.handle.db.update(resources).set({ isPublic: true }).where(eq(resources.code, 'message'));
    const roleId = await roleHolding('值班员', []);
    const wide = await grant(delegate, roleId, ['dictionary', 'roleManage', 'message']);
    expect(wide.status_code).toBe(1);
    expect(await heldCodes(roleId)).toEqual(['admin', 'dictionary', 'message', 'roleManage']);
    expect((await grant(delegate, roleId, ['dictionary'])).status_code).toBe(1);
    expect(await heldCodes(roleId)).toEqual(['admin', 'dictionary']);
  });

  it('refuses a permission the delegate lacks, naming it, and changes nothing', async () => {
    const roleId = await roleHolding('巡检员', ['dictionary']);
    const answer = await grant(delegate, roleId, ['dictionary', 'authority', 'authority_delete']);
    expect(answer).toEqual(refused('不能授予您自己没有的权限：权限管理、删除权限'));
    expect(await heldCodes(roleId)).toEqual(['admin', 'dictionary']);
  });

  it('refuses changing a role the delegate holds, even to narrow it', async () => {
    const before = await heldCodes(delegateRoleId);
    const answer = await grant(delegate, delegateRoleId, ['dictionary', 'roleManage_assignPermission']);
    expect(answer).toEqual(refused('不能修改自己所属角色的权限：test delegate'));
    expect(await heldCodes(delegateRoleId)).toEqual(before);
  });

  it('refuses changing a role that holds more than the delegate, even taking permissions away', async () => {
    const roleId = await roleHolding('审计员', ['dictionary', 'logManage']);
    const answer = await grant(delegate, roleId, ['dictionary']);
    expect(answer).toEqual(refused('该角色拥有您没有的权限，不能修改其权限：审计员'));
    expect(await heldCodes(roleId)).toEqual(['admin', 'dictionary', 'logManage']);
  });

  it('leaves the administrator free to grant anything', async () => {
    const roleId = await roleHolding('安全员', []);
    expect((await grant(admin, roleId, ['authority_delete', 'logManage'])).status_code).toBe(1);
    expect(await heldCodes(roleId)).toEqual(['admin', 'authority', 'authority_delete', 'logManage']);
  });
});

describe('assigning roles to users', () => {
  const form = (userName: string, roleIds: number[]) => ({
    userName,
    password: 'Start@123',
    name: '李四',
    roleIds,
  });

  it('lets a delegate give roles made of what they hold, their own role included', async () => {
    const narrow = await roleHolding('字典员', ['dictionary']);
    const created = await t.api(userEndpoints.create, {
      token: delegate,
      body: form('clerk', [narrow, delegateRoleId]),
    });
    expect(created.status_code).toBe(1);
    const userId = created.data?.userId ?? 0;
    expect(await roleIdsOf(userId)).toEqual([delegateRoleId, narrow].sort((a, b) => a - b));
    const reassigned = await t.api(userEndpoints.assignRole, {
      token: delegate,
      body: { userId, roleIds: [narrow] },
    });
    expect(reassigned.status_code).toBe(1);
    expect(await roleIdsOf(userId)).toEqual([narrow]);
  });

  it('refuses the administrator role and wider roles on a new user, writing nothing', async () => {
    const wider = await roleHolding('运维主管', ['dictionary', 'authority']);
    const before = await t.handle.db.$count(users);
    const asAdmin = await t.api(userEndpoints.create, {
      token: delegate,
      body: form('climber', [adminRoleId]),
    });
    expect(asAdmin).toEqual(refused('不能分配超出您权限范围的角色：超级管理员'));
    const asWider = await t.api(userEndpoints.create, {
      token: delegate,
      body: form('climber', [delegateRoleId, wider]),
    });
    expect(asWider).toEqual(refused('不能分配超出您权限范围的角色：运维主管'));
    expect(await t.handle.db.$count(users)).toBe(before);
  });

  it('refuses giving an existing user the administrator role, by assignRole or updateUser', async () => {
    const userId = (
      await t.api(userEndpoints.create, { token: delegate, body: form('mate', [delegateRoleId]) })
    ).data?.userId;
    if (!userId) throw new Error('mate was not created');
    const assigned = await t.api(userEndpoints.assignRole, {
      token: delegate,
      body: { userId, roleIds: [delegateRoleId, adminRoleId] },
    });
    expect(assigned).toEqual(refused('不能分配超出您权限范围的角色：超级管理员'));
    const updated = await t.api(userEndpoints.update, {
      token: delegate,
      body: { userId, name: '李四', roleIds: [adminRoleId] },
    });
    expect(updated).toEqual(refused('不能分配超出您权限范围的角色：超级管理员'));
    expect(await roleIdsOf(userId)).toEqual([delegateRoleId]);
  });

  it('refuses a delegate changing their own roles, but lets them edit the rest of their record', async () => {
    const narrow = await roleHolding('自选角色', ['dictionary']);
    for (const roleIds of [[adminRoleId], [delegateRoleId, narrow]]) {
      const answer = await t.api(userEndpoints.assignRole, {
        token: delegate,
        body: { userId: delegateId, roleIds },
      });
      expect(answer).toEqual(refused('不能修改自己的角色'));
    }
    const raised = await t.api(userEndpoints.update, {
      token: delegate,
      body: { userId: delegateId, name: '代理人', roleIds: [delegateRoleId, narrow] },
    });
    expect(raised).toEqual(refused('不能修改自己的角色'));
    expect(await roleIdsOf(delegateId)).toEqual([delegateRoleId]);
    const renamed = await t.api(userEndpoints.update, {
      token: delegate,
      body: { userId: delegateId, name: '代理人', roleIds: [delegateRoleId] },
    });
    expect(renamed.status_code).toBe(1);
    expect(renamed.data?.name).toBe('代理人');
  });

  it('refuses a delegate acting on a user who holds more, such as an administrator', async () => {
    const refusal = refused('该用户拥有超出您权限范围的角色，不能修改：超级管理员');
    const userId = adminUserId;
    const answers = [
      await t.api(userEndpoints.resetPassword, { token: delegate, body: { userId, password: 'Taken@123' } }),
      await t.api(userEndpoints.alterState, { token: delegate, body: { userId, status: 'disabled' } }),
      await t.api(userEndpoints.assignRole, { token: delegate, body: { userId, roleIds: [delegateRoleId] } }),
      await t.api(userEndpoints.update, {
        token: delegate,
        body: { userId, name: '管理员', roleIds: [adminRoleId] },
      }),
      await t.api(userEndpoints.delete, { token: delegate, query: { userId } }),
    ];
    // A batch is all or nothing: the user the delegate could delete stays with the administrator.
    const deletable = (
      await t.api(userEndpoints.create, { token: delegate, body: form('deletable', [delegateRoleId]) })
    ).data?.userId;
    if (!deletable) throw new Error('deletable was not created');
    expect(
      await t.api(userEndpoints.deleteMany, { token: delegate, body: { userIds: [deletable, userId] } }),
    ).toEqual(refusal);
    expect(await roleIdsOf(deletable)).toEqual([delegateRoleId]);
    for (const answer of answers) expect(answer).toEqual(refusal);
    expect(await roleIdsOf(userId)).toEqual([adminRoleId]);
    expect((await t.login('admin', 'Admin@123')).status_code).toBe(1);
  });

  it('leaves the administrator free to give any role, the administrator role included', async () => {
    const wider = await roleHolding('总调度', ['authority']);
    const userId = (await t.api(userEndpoints.create, { token: admin, body: form('deputy', [adminRoleId]) }))
      .data?.userId;
    if (!userId) throw new Error('deputy was not created');
    const answer = await t.api(userEndpoints.assignRole, {
      token: admin,
      body: { userId, roleIds: [adminRoleId, wider] },
    });
    expect(answer.status_code).toBe(1);
    expect(await roleIdsOf(userId)).toEqual([adminRoleId, wider].sort((a, b) => a - b));
  });
});
