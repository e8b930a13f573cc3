import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { accountSchema } from '../auth.js';
import { defineEndpoint, noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { checkNewPassword } from '../validation.js';
import { fieldRules } from '../fieldRules.js';
import { birthDateField, emailField, optionalText, phoneField } from './fields.js';
import { idFilter, idListSchema, idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';

/** userManage (platform-shell.md §3 User, §7 Users): the list, the form, and what each action needs. */

export const USER_STATES = ['enabled', 'disabled'] as const;
export const userStateSchema = z.enum(USER_STATES);
export type UserState = z.infer<typeof userStateSchema>;
export const GENDERS = ['male', 'female'] as const;

/** The page's permission code, and the codes of its buttons (type 4), which the server checks too. */
export const USER_MANAGE = 'userManage';
export const USER_BUTTONS = BUTTON_CODES.userManage;

const newPassword = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const key = checkNewPassword(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

const roleIds = z.array(idSchema).min(1, 'user.roleRequired').max(50);

/** What the user form edits (everything but the account, which is fixed once created). */
export const userFieldsSchema = z.object({
  // A user's name is any 1-50 characters (§5 "user fields 1-50"): the letters-only rule is for persons
  // in charge, and an account such as 测试巡查员11839 is named with digits.
  name: fieldRules.userField,
  email: emailField,
  gender: z.enum(GENDERS).nullable().default(null),
  phone: phoneField,
  otherContact: optionalText(50),
  jobTitle: optionalText(50),
  birthDate: birthDateField,
  orgId: idSchema.nullable().default(null),
  roleIds,
  projectIds: z.array(idSchema).max(1000).default([]),
});

export const createUserSchema = userFieldsSchema
  .extend({ userName: accountSchema, password: newPassword })
  .strict();
export type CreateUser = z.input<typeof createUserSchema>;

export const updateUserSchema = userFieldsSchema.extend({ userId: idSchema }).strict();
export type UpdateUser = z.input<typeof updateUserSchema>;

export const userRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
  phone: z.string(),
  otherContact: z.string(),
  jobTitle: z.string(),
  birthDate: z.string().nullable(),
  status: userStateSchema,
  roles: z.array(z.object({ roleId: z.number().int(), roleName: z.string() })),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  projectIds: z.array(z.number().int()),
  mustChangePassword: z.boolean(),
  editor: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const USER_SORTABLE = ['userName', 'name', 'createTime', 'updateTime'] as const;

export const userFilterShape = {
  name: textFilter(50),
  userName: textFilter(50),
  status: userStateSchema.optional(),
  roleId: idFilter,
  orgId: idFilter,
};
export const userListRequestSchema = pageRequestSchema(userFilterShape, USER_SORTABLE);
export type UserListRequest = z.input<typeof userListRequestSchema>;

/** Excel download of every user the list's filters select (userManage_export). */
export const userExport = defineExport({
  method: 'POST',
  path: '/user/export',
  access: permission(USER_BUTTONS.export),
  query: noQuery,
  body: exportFilter(userListRequestSchema),
});
export type UserExportRequest = z.input<typeof userExport.body>;

const userIdBody = z.object({ userId: idSchema }).strict();

export const userEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/user/userList',
    access: permission(USER_MANAGE),
    query: noQuery,
    body: userListRequestSchema,
    data: pageSchema(userRowSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/user/addUser',
    access: permission(USER_BUTTONS.add),
    query: noQuery,
    body: createUserSchema,
    data: userRowSchema,
  }),
  info: defineEndpoint({
    method: 'POST',
    path: '/user/queryUserInfo',
    access: permission(USER_MANAGE),
    query: noQuery,
    body: userIdBody,
    data: userRowSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/user/updateUser',
    access: permission(USER_BUTTONS.edit),
    query: noQuery,
    body: updateUserSchema,
    data: userRowSchema,
  }),
  alterState: defineEndpoint({
    method: 'POST',
    path: '/user/alterUserState',
    access: permission(USER_BUTTONS.state),
    query: noQuery,
    body: z.object({ userId: idSchema, status: userStateSchema }).strict(),
    data: userRowSchema,
  }),
  assignRole: defineEndpoint({
    method: 'POST',
    path: '/user/assignRole',
    access: permission(USER_BUTTONS.assignRole),
    query: noQuery,
    body: z.object({ userId: idSchema, roleIds }).strict(),
    data: userRowSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/user/resetPwd',
    access: permission(USER_BUTTONS.resetPwd),
    query: noQuery,
    body: z.object({ userId: idSchema, password: newPassword }).strict(),
    data: z.null(),
  }),
  /** Query parameters, as the spec has it: `?userId=12`. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/user/deleteUserById',
    access: permission(USER_BUTTONS.delete),
    query: z.object({ userId: idSchema }).strict(),
    body: z.object({}).strict().optional(),
    data: z.null(),
  }),
  /** All or nothing: each user under the single delete's rules, or none is deleted. */
  deleteMany: defineEndpoint({
    method: 'POST',
    path: '/user/deleteUserByIds',
    access: permission(USER_BUTTONS.delete),
    query: noQuery,
    body: z.object({ userIds: idListSchema }).strict(),
    data: z.null(),
  }),
} as const;
