import type { createUserSchema, updateUserSchema, userListRequestSchema } from '@cityops/contract';
import { chinaDateTime, USER_MANAGE, type TextKey, type UserRow } from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { hashPassword } from '../auth/password.js';
import { checkPasswordPolicy, mustChangeFirst } from '../parameters/passwordPolicy.js';
import { endUserSessions } from '../auth/sessions.js';
import { changedFields, recordAudit, type Actor, type AuditEntry } from '../logs/audit.js';
import { produceMessage, type ProduceContext } from '../messages/produce.js';
import { grantScopeOf, listed, rolesOutside } from '../roles/grantScope.js';
import * as repo from './repository.js';

/** User management: the rules of platform-shell.md §3/§5 and the issue, each change in one transaction with its log row. */

type Ctx = Pick<AppContext, 'db' | 'now' | 'parameters'>;
type CreateInput = z.output<typeof createUserSchema>;
type UpdateInput = z.output<typeof updateUserSchema>;

/** What the operation log compares between two versions of a user. */
const LOGGED_FIELDS = [
  'name',
  'email',
  'gender',
  'phone',
  'otherContact',
  'jobTitle',
  'birthDate',
  'orgId',
  'projectIds',
  'status',
] as const satisfies readonly (keyof UserRow)[];

/** The roles as the log shows them: their names, in a stable order. */
const logged = (row: UserRow | null) =>
  row
    ? {
        ...row,
        roleNames: row.roles
          .map((role) => role.roleName)
          .sort()
          .join('、'),
      }
    : null;

export const listUsers = (ctx: Ctx, request: z.output<typeof userListRequestSchema>) =>
  repo.userPage(ctx.db, request);

export async function userInfo(ctx: Ctx, userId: number): Promise<UserRow> {
  return (await repo.findUserRow(ctx.db, userId)) ?? refuse('admin.notFound');
}

/** Refuses ids that name no row any more (another administrator deleted them meanwhile). */
async function checkChoices(
  db: Database,
  input: { roleIds?: number[]; projectIds?: number[]; orgId?: number | null },
) {
  const unique = (ids: number[]) => [...new Set(ids)];
  if (
    input.roleIds &&
    (await repo.countExisting(db, 'roles', unique(input.roleIds))) !== unique(input.roleIds).length
  )
    refuse('user.unknownRole');
  if (
    input.projectIds &&
    (await repo.countExisting(db, 'projects', unique(input.projectIds))) !== unique(input.projectIds).length
  )
    refuse('user.unknownProject');
  if (input.orgId && (await repo.countExisting(db, 'organizations', [input.orgId])) !== 1)
    refuse('user.unknownOrg');
}

/**
 * Against self-escalation (RuoYi's rule), for a caller who is not an administrator: they change only
 * users whose roles they could have assigned themselves (so they can neither demote an administrator
 * nor take over a wider account by its password), assign only such roles (never the built-in admin
 * role), and never change their own roles. `userId` null is a user being created; `roleIds` the roles
 * the change gives, when it gives any. Checked in the change's transaction.
 */
async function checkAuthority(tx: Database, actor: Actor, userId: number | null, roleIds?: number[]) {
  const scope = await grantScopeOf(tx, actor.userId);
  if (scope.admin) return;
  const current = userId === null ? [] : await repo.lockRoleIds(tx, userId);
  const wider = await rolesOutside(tx, scope, current);
  if (wider.length > 0) refuse('user.beyondOwn', { names: listed(wider) });
  if (!roleIds) return;
  const added = roleIds.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !roleIds.includes(id));
  if (userId === actor.userId && added.length + removed.length > 0) refuse('user.cannotChangeOwnRoles');
  const beyond = await rolesOutside(tx, scope, [...new Set(added)]);
  if (beyond.length > 0) refuse('user.roleBeyondOwn', { names: listed(beyond) });
}

/**
 * Runs a change in a transaction while holding the enabled administrators' rows, and refuses it when
 * afterwards none would be left: the last administrator can be neither removed nor demoted.
 */
async function keepingAnAdmin<T>(ctx: Ctx, change: (tx: Database) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockEnabledAdmins(tx);
    const result = await change(tx);
    if ((await repo.lockEnabledAdmins(tx)).length === 0) refuse('user.lastAdmin');
    return result;
  });
}

/** Logs a refusal (outcome failure) before answering it, so the log shows attempts too. */
async function refuseLogged(ctx: Ctx, actor: Actor, entry: AuditEntry, key: TextKey): Promise<never> {
  await recordAudit(ctx.db, actor, ctx.now(), { ...entry, outcome: 'failure', detail: key });
  return refuse(key);
}

export async function createUser(ctx: Ctx, actor: Actor, input: CreateInput): Promise<UserRow> {
  await checkPasswordPolicy(ctx, input.password);
  const passwordHash = await hashPassword(input.password);
  const mustChangePassword = await mustChangeFirst(ctx);
  const now = ctx.now();
  const userId = await ctx.db.transaction(async (tx) => {
    await checkChoices(tx, input);
    await checkAuthority(tx, actor, null, input.roleIds);
    const id = await repo.insertUser(tx, {
      userName: input.userName,
      passwordHash,
      mustChangePassword,
      name: input.name,
      email: input.email,
      gender: input.gender,
      phone: input.phone,
      otherContact: input.otherContact,
      jobTitle: input.jobTitle,
      birthDate: input.birthDate,
      orgId: input.orgId,
      defaultProjectId: input.projectIds[0] ?? null,
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
      passwordChangedAt: now,
    });
    if (id === null) return refuse('user.accountTaken');
    await repo.replaceUserRoles(tx, id, [...new Set(input.roleIds)]);
    await repo.replaceUserProjects(tx, id, [...new Set(input.projectIds)]);
    const created = await repo.findUserRow(tx, id);
    await recordAudit(tx, actor, now, {
      module: USER_MANAGE,
      action: 'create',
      targetId: id,
      targetName: input.userName,
      changes: changedFields(null, logged(created), [...LOGGED_FIELDS, 'userName', 'roleNames']),
    });
    return id;
  });
  return userInfo(ctx, userId);
}

export async function updateUser(ctx: Ctx, actor: Actor, input: UpdateInput): Promise<UserRow> {
  const before = await userInfo(ctx, input.userId);
  const now = ctx.now();
  await keepingAnAdmin(ctx, async (tx) => {
    await checkChoices(tx, input);
    await checkAuthority(tx, actor, input.userId, input.roleIds);
    const found = await repo.updateUser(tx, input.userId, {
      name: input.name,
      email: input.email,
      gender: input.gender,
      phone: input.phone,
      otherContact: input.otherContact,
      jobTitle: input.jobTitle,
      birthDate: input.birthDate,
      orgId: input.orgId,
      editor: actor.account,
      updatedAt: now,
    });
    if (!found) refuse('admin.notFound');
    await repo.replaceUserRoles(tx, input.userId, [...new Set(input.roleIds)]);
    await repo.replaceUserProjects(tx, input.userId, [...new Set(input.projectIds)]);
    const after = await repo.findUserRow(tx, input.userId);
    await recordAudit(tx, actor, now, {
      module: USER_MANAGE,
      action: 'update',
      targetId: input.userId,
      targetName: before.userName,
      changes: changedFields(logged(before), logged(after), [...LOGGED_FIELDS, 'roleNames']),
    });
  });
  return userInfo(ctx, input.userId);
}

export async function assignRoles(ctx: Ctx, actor: Actor, userId: number, roleIds: number[]) {
  const before = await userInfo(ctx, userId);
  const now = ctx.now();
  await keepingAnAdmin(ctx, async (tx) => {
    await checkChoices(tx, { roleIds });
    await checkAuthority(tx, actor, userId, roleIds);
    await repo.replaceUserRoles(tx, userId, [...new Set(roleIds)]);
    await repo.updateUser(tx, userId, { editor: actor.account, updatedAt: now });
    const after = await repo.findUserRow(tx, userId);
    await recordAudit(tx, actor, now, {
      module: USER_MANAGE,
      action: 'assignRole',
      targetId: userId,
      targetName: before.userName,
      changes: changedFields(logged(before), logged(after), ['roleNames']),
    });
  });
  return userInfo(ctx, userId);
}

/** Enables or disables a user; a disabled user's sessions end at once. */
export async function alterState(ctx: Ctx, actor: Actor, userId: number, status: UserRow['status']) {
  const before = await userInfo(ctx, userId);
  const entry = {
    module: USER_MANAGE,
    action: status === 'enabled' ? 'enable' : 'disable',
    targetId: userId,
    targetName: before.userName,
  };
  if (status === 'disabled' && userId === actor.userId)
    await refuseLogged(ctx, actor, entry, 'user.cannotDisableSelf');
  const now = ctx.now();
  await keepingAnAdmin(ctx, async (tx) => {
    await checkAuthority(tx, actor, userId);
    await repo.updateUser(tx, userId, { status, editor: actor.account, updatedAt: now });
    if (status === 'disabled') await endUserSessions(tx, userId);
    await recordAudit(tx, actor, now, {
      ...entry,
      changes: changedFields({ status: before.status }, { status }, ['status']),
    });
  });
  return userInfo(ctx, userId);
}

/**
 * Sets a password the user must replace at the next sign-in (unless the password policy says
 * otherwise); their sessions end, and the user gets a message saying who reset it and when.
 */
export async function resetPassword(
  ctx: Ctx & ProduceContext,
  actor: Actor,
  userId: number,
  password: string,
) {
  const target = await userInfo(ctx, userId);
  await checkPasswordPolicy(ctx, password);
  const passwordHash = await hashPassword(password);
  const mustChangePassword = await mustChangeFirst(ctx);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await checkAuthority(tx, actor, userId);
    await repo.updateUser(tx, userId, {
      passwordHash,
      mustChangePassword,
      passwordChangedAt: now,
      failedCount: 0,
      lockedUntil: null,
      editor: actor.account,
      updatedAt: now,
    });
    await endUserSessions(tx, userId);
    await recordAudit(tx, actor, now, {
      module: USER_MANAGE,
      action: 'resetPwd',
      targetId: userId,
      targetName: target.userName,
    });
  });
  await produceMessage(ctx.db, ctx, {
    kind: 'user.passwordReset',
    values: { userName: target.userName, operator: actor.account, time: chinaDateTime(now) },
    audience: { userIds: [userId] },
  });
}

export const deleteUser = (ctx: Ctx, actor: Actor, userId: number) => deleteUsers(ctx, actor, [userId]);

/**
 * Deletes users, all or none: each under the single delete's rules (not yourself, only users within
 * your own authority, never the last administrator), with one log row per user, in one transaction.
 */
export async function deleteUsers(ctx: Ctx, actor: Actor, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  if (ids.includes(actor.userId)) {
    const self = await userInfo(ctx, actor.userId);
    await refuseLogged(
      ctx,
      actor,
      { module: USER_MANAGE, action: 'delete', targetId: self.userId, targetName: self.userName },
      'user.cannotDeleteSelf',
    );
  }
  const now = ctx.now();
  await keepingAnAdmin(ctx, async (tx) => {
    for (const userId of ids) {
      const target = (await repo.findUserRow(tx, userId)) ?? refuse('admin.notFound');
      await checkAuthority(tx, actor, userId);
      // Its sessions end (and every instance hears of it); roles and projects go with the user
      // (foreign keys cascade).
      await endUserSessions(tx, userId);
      if (!(await repo.deleteUser(tx, userId))) refuse('admin.notFound');
      await recordAudit(tx, actor, now, {
        module: USER_MANAGE,
        action: 'delete',
        targetId: userId,
        targetName: target.userName,
        changes: changedFields(logged(target), null, ['userName', 'name', 'roleNames']),
      });
    }
  });
}
