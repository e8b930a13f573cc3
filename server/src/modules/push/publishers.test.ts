import {
  authEndpoints,
  dictionaryEndpoints,
  onlineSessionEndpoints,
  resourceEndpoints,
  roleEndpoints,
  userEndpoints,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roleResources, roles, sessions, userRoles, users } from '../../db/schema.js';
import { listenToBus, type BusListener } from '../../test/busEvents.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

/** What the modules that change access, the dictionary and sessions tell every instance. */

let t: TestApp;
let bus: BusListener;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  bus = await listenToBus(t);
});
afterAll(async () => {
  await bus.stop();
  await t.close();
});
beforeEach(() => bus.clear());

const heard = async () => {
  await bus.settle();
  return bus.events;
};
const userId = async (userName: string) =>
  (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;
const sessionIdsOf = async (id: number) =>
  (await t.handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id))).map(
    (row) => row.id,
  );

describe('access changes', () => {
  it('name the user whose roles or account changed, and no one when the change is refused', async () => {
    const id = await t.createUser('mover', 'Mover@1234', ['msg_page']);
    const [role] = await t.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'operator'));
    const assigned = await t.api(userEndpoints.assignRole, {
      token: admin,
      body: { userId: id, roleIds: [role?.id ?? 0] },
    });
    expect(assigned.status_code, assigned.message).toBe(1);
    expect(await heard()).toEqual([{ k: 'access', userIds: [id] }]);
    await bus.clear();
    const refused = await t.api(userEndpoints.assignRole, {
      token: admin,
      body: { userId: id, roleIds: [999_999] },
    });
    expect(refused.status_code).toBe(10001);
    expect(await heard()).toEqual([]);
  });

  it('name the users of a role whose permissions changed', async () => {
    const [role] = await t.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'operator'));
    const roleId = role?.id ?? 0;
    const held = await t.handle.db
      .select({ id: roleResources.resourceId })
      .from(roleResources)
      .where(eq(roleResources.roleId, roleId));
    const holders = await t.handle.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, roleId));
    const answer = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: { roleId, resourceIds: held.map((row) => row.id) },
    });
    expect(answer.status_code, answer.message).toBe(1);
    const events = await heard();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ k: 'access' });
    const named = events[0]?.k === 'access' ? events[0].userIds : null;
    expect([...(named ?? [])].sort()).toEqual(holders.map((row) => row.id).sort());
    expect(named).toContain(await userId('operator'));
  });

  it('name anyone when the resources change', async () => {
    const answer = await t.api(resourceEndpoints.updatePublicRes, {
      token: admin,
      body: { resourceIds: [] },
    });
    expect(answer.status_code, answer.message).toBe(1);
    expect(await heard()).toEqual([{ k: 'access', userIds: null }]);
  });
});

describe('dictionary changes', () => {
  it('are announced on create, update and delete', async () => {
    const created = await t.api(dictionaryEndpoints.itemCreate, {
      token: admin,
      body: { dicCode: 'alarm_state', itemCode: 'bus_test', itemName: '总线测试' },
    });
    expect(created.status_code, created.message).toBe(1);
    const itemId = created.data?.itemId ?? 0;
    await t.api(dictionaryEndpoints.itemUpdate, { token: admin, body: { itemId, itemName: '总线测试2' } });
    await t.api(dictionaryEndpoints.itemDelete, { token: admin, body: { itemId } });
    expect(await heard()).toEqual([{ k: 'dictionary' }, { k: 'dictionary' }, { k: 'dictionary' }]);
  });
});

describe('ended sessions', () => {
  it('are named on sign-out, kick, disabling, password reset and change, and deletion', async () => {
    const id = await t.createUser('leaver', 'Leaver@123', ['msg_page']);
    const signIn = async () => {
      const token = await t.token('leaver', 'Leaver@123');
      return { token, session: Math.max(...(await sessionIdsOf(id))) };
    };

    const out = await signIn();
    await t.api(authEndpoints.logout, { token: out.token });
    expect(await heard()).toEqual([{ k: 'sessions', sessionIds: [out.session] }]);

    await bus.clear();
    let { session } = await signIn();
    const kicked = await t.api(onlineSessionEndpoints.kick, { token: admin, body: { sessionId: session } });
    expect(kicked.status_code, kicked.message).toBe(1);
    expect(await heard()).toEqual([{ k: 'sessions', sessionIds: [session] }]);

    await bus.clear();
    const first = await signIn();
    const second = await signIn();
    await t.api(userEndpoints.alterState, { token: admin, body: { userId: id, status: 'disabled' } });
    const disabled = await heard();
    expect(disabled.filter((event) => event.k === 'sessions')).toEqual([
      { k: 'sessions', sessionIds: [first.session, second.session].sort((a, b) => a - b) },
    ]);
    await t.api(userEndpoints.alterState, { token: admin, body: { userId: id, status: 'enabled' } });

    await bus.clear();
    ({ session } = await signIn());
    await t.api(userEndpoints.resetPassword, { token: admin, body: { userId: id, password: 'Again@1234' } });
    expect((await heard()).filter((event) => event.k === 'sessions')).toEqual([
      { k: 'sessions', sessionIds: [session] },
    ]);

    await bus.clear();
    const again = await t.token('leaver', 'Again@1234');
    const [current] = await sessionIdsOf(id);
    const changed = await t.api(authEndpoints.updatePassword, {
      token: again,
      body: { oldPassword: 'Again@1234', password: 'Third@1234', confirmPass: 'Third@1234' },
    });
    expect(changed.status_code, changed.message).toBe(1);
    expect(await heard()).toEqual([{ k: 'sessions', sessionIds: [current] }]);

    await bus.clear();
    await t.token('leaver', 'Third@1234');
    const [last] = await sessionIdsOf(id);
    const deleted = await t.api(userEndpoints.delete, { token: admin, query: { userId: id } });
    expect(deleted.status_code, deleted.message).toBe(1);
    expect(await heard()).toEqual([
      { k: 'sessions', sessionIds: [last] },
      { k: 'access', userIds: [id] },
    ]);
  });
});
