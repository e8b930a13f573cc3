import {
  chinaDateTime,
  authEndpoints,
  tableSettingsEndpoints,
  userEndpoints,
  userExport,
  type UserRow,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { mapRows } from '../../db/batches.js';
import { Answer } from '../../http/envelope.js';
import { exportRoute } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import { changePassword } from './account.js';
import { userPermissions } from './session.js';
import { userExportRows } from './repository.js';
import * as users from './service.js';
import { readTableSettings, resetTableSettings, saveTableSettings } from './tableSettings.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

const exportColumns = [
  { header: '账号', key: 'userName' },
  { header: '姓名', key: 'name' },
  { header: '性别', key: 'gender', width: 8 },
  { header: '邮箱', key: 'email', width: 24 },
  { header: '电话', key: 'phone' },
  { header: '职务', key: 'jobTitle' },
  { header: '组织', key: 'orgName', width: 24 },
  { header: '角色', key: 'roles', width: 24 },
  { header: '状态', key: 'status', width: 8 },
  { header: '创建时间', key: 'createTime', width: 20 },
] as const;

const GENDER_NAMES = { male: '男', female: '女' } as const;
const STATE_NAMES = { enabled: '启用', disabled: '停用' } as const;

/** A user as a row of the export: Chinese names for codes, China time, the roles in one cell. */
const exportRow = (user: UserRow) => ({
  userName: user.userName,
  name: user.name,
  gender: user.gender ? GENDER_NAMES[user.gender] : '',
  email: user.email,
  phone: user.phone,
  jobTitle: user.jobTitle,
  orgName: user.orgName ?? '',
  roles: user.roles.map((role) => role.roleName).join('、'),
  status: STATE_NAMES[user.status],
  createTime: chinaDateTime(user.createTime),
});

/** The signed-in user's own account, and user management (userManage). */
export default async function userRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, authEndpoints.userPermissions, (input) => userPermissions(ctx, signedIn(input).userId));

  route(
    app,
    authEndpoints.updatePassword,
    async (input) => {
      await changePassword(ctx, input.request, signedIn(input).userId, input.body);
      return new Answer(null, 'password.changed');
    },
    // Guessing the current password from a stolen session is a sign-in attack too.
    { rateLimited: true },
  );

  route(app, tableSettingsEndpoints.get, (input) =>
    readTableSettings(ctx, signedIn(input).userId, input.query.tableKey),
  );
  route(app, tableSettingsEndpoints.save, async (input) => {
    const saved = await saveTableSettings(ctx, signedIn(input).userId, input.body);
    return new Answer(saved, 'table.saved');
  });
  route(app, tableSettingsEndpoints.reset, async (input) => {
    await resetTableSettings(ctx, signedIn(input).userId, input.body.tableKey);
    return null;
  });

  route(app, userEndpoints.page, ({ body }) => users.listUsers(ctx, body));
  route(app, userEndpoints.info, ({ body }) => users.userInfo(ctx, body.userId));
  route(
    app,
    userEndpoints.create,
    async (input) => new Answer(await users.createUser(ctx, actor(input), input.body), 'admin.created'),
    { changesAccess: (_, user) => [user.userId] },
  );
  route(
    app,
    userEndpoints.update,
    async (input) => new Answer(await users.updateUser(ctx, actor(input), input.body), 'admin.saved'),
    { changesAccess: (input) => [input.body.userId] },
  );
  route(
    app,
    userEndpoints.assignRole,
    async (input) => {
      const row = await users.assignRoles(ctx, actor(input), input.body.userId, input.body.roleIds);
      return new Answer(row, 'user.rolesAssigned');
    },
    { changesAccess: (input) => [input.body.userId] },
  );
  route(
    app,
    userEndpoints.alterState,
    async (input) => {
      const row = await users.alterState(ctx, actor(input), input.body.userId, input.body.status);
      return new Answer(row, 'user.stateChanged');
    },
    { changesAccess: (input) => [input.body.userId] },
  );
  route(app, userEndpoints.resetPassword, async (input) => {
    await users.resetPassword(ctx, actor(input), input.body.userId, input.body.password);
    return new Answer(null, 'user.passwordReset');
  });
  route(
    app,
    userEndpoints.delete,
    async (input) => {
      await users.deleteUser(ctx, actor(input), input.query.userId);
      return new Answer(null, 'admin.deleted');
    },
    { changesAccess: (input) => [input.query.userId] },
  );
  route(
    app,
    userEndpoints.deleteMany,
    async (input) => {
      await users.deleteUsers(ctx, actor(input), input.body.userIds);
      return new Answer(null, 'admin.deleted');
    },
    { changesAccess: (input) => input.body.userIds },
  );

  exportRoute(app, userExport, async ({ body }) => ({
    fileName: datedFileName('用户列表', ctx.now()),
    sheetName: '用户列表',
    columns: exportColumns,
    rows: mapRows(userExportRows(ctx.db, body), exportRow),
  }));
}
