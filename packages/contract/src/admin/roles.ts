import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { optionalText } from './fields.js';
import { idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';
import { permissionNodeSchema } from './resources.js';
import { USER_MANAGE } from './users.js';

/** roleManage (角色管理; platform-shell.md §3 Role, §6): roles, their users and their permissions. */

export const ROLE_MANAGE = 'roleManage';
export const ROLE_BUTTONS = BUTTON_CODES.roleManage;

export const roleRowSchema = z.object({
  roleId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The built-in administrator role: always holds every permission, cannot be renamed or deleted. */
  builtIn: z.boolean(),
  /** How many users hold the role. */
  userCount: z.number().int().min(0),
  editor: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const ROLE_SORTABLE = ['name', 'createTime', 'updateTime'] as const;
export const roleFilterShape = { name: textFilter(50) };
export const roleListRequestSchema = pageRequestSchema(roleFilterShape, ROLE_SORTABLE);
export type RoleListRequest = z.input<typeof roleListRequestSchema>;

/** The role form: a name of 1-50 characters (unique), a description of at most 200. */
export const roleFieldsSchema = z.object({
  name: z.string().trim().min(1, 'role.nameRequired').max(50),
  description: optionalText(200),
});
export const createRoleSchema = roleFieldsSchema.strict();
export type CreateRole = z.input<typeof createRoleSchema>;
export const updateRoleSchema = roleFieldsSchema.extend({ roleId: idSchema }).strict();
export type UpdateRole = z.input<typeof updateRoleSchema>;

export const roleOptionSchema = z.object({ roleId: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

export const assignPermissionSchema = z
  .object({ roleId: idSchema, resourceIds: z.array(idSchema).max(10_000) })
  .strict();
export type AssignPermission = z.input<typeof assignPermissionSchema>;

export const roleEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/role/list',
    access: permission(ROLE_MANAGE),
    query: noQuery,
    body: roleListRequestSchema,
    data: pageSchema(roleRowSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/sys/role/insert',
    access: permission(ROLE_BUTTONS.add),
    query: noQuery,
    body: createRoleSchema,
    data: roleRowSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/role/update',
    access: permission(ROLE_BUTTONS.edit),
    query: noQuery,
    body: updateRoleSchema,
    data: roleRowSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/role/delete',
    access: permission(ROLE_BUTTONS.delete),
    query: noQuery,
    body: z.object({ roleId: idSchema }).strict(),
    data: z.null(),
  }),
  /** The whole permission tree, `checked` where the role holds the item. */
  permissionTree: defineEndpoint({
    method: 'GET',
    path: '/sys/role/permissionTree',
    access: permission(ROLE_MANAGE),
    query: getQuery({ roleId: idSchema }),
    body: z.undefined(),
    data: z.array(permissionNodeSchema),
  }),
  /** Replaces the role's permissions by the checked ids and their ancestors. */
  assignPermission: defineEndpoint({
    method: 'POST',
    path: '/sys/role/assignPermission',
    access: permission(ROLE_BUTTONS.assignPermission),
    query: noQuery,
    body: assignPermissionSchema,
    data: z.array(permissionNodeSchema),
  }),
  /** Every role (id and name) for the user form's role select: needs the user page, not the role page. */
  options: defineEndpoint({
    method: 'GET',
    path: '/sys/role/options',
    access: permission(USER_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(roleOptionSchema),
  }),
} as const;
