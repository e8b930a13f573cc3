import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { permissionItemSchema, type PermissionItem } from '../permissions.js';
import { isSafeLinkUrl } from '../redirect.js';
import { optionalText, sortNumField } from './fields.js';
import { ID_MAX, idSchema, textFilter } from './paging.js';

/** authority (权限管理; platform-shell.md §3 Permission item, §5, §7 Resources): the permission tree and its form. */

export const AUTHORITY = 'authority';
export const AUTHORITY_BUTTONS = BUTTON_CODES.authority;

/** Permission item types 0-6 (§6), in the order the form's type select offers them. */
export const PERMISSION_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;

/** A node of the permission tree: the item, whether it is public, whether the asked-about role holds it. */
export type PermissionNode = PermissionItem & {
  isPublic: boolean;
  checked: boolean;
  children: PermissionNode[];
};
export const permissionNodeSchema: z.ZodType<PermissionNode, PermissionNode> = permissionItemSchema.extend({
  isPublic: z.boolean(),
  checked: z.boolean(),
  get children() {
    return z.array(permissionNodeSchema);
  },
});

export const resourceRowSchema = permissionItemSchema.extend({ isPublic: z.boolean() });
export type ResourceRow = z.infer<typeof resourceRowSchema>;

/** Codes name routes (§6: a route is enabled by the resource whose code is its name). */
const CODE = /^[A-Za-z0-9_-]+$/;

/** The permission form (§3, §5: every field up to 100 characters, sort number below 1000). */
export const resourceFieldsSchema = z.object({
  /** The parent's id; 0 for a root. */
  parentId: z.number().int().min(0).max(ID_MAX).default(0),
  name: z.string().trim().min(1, 'resource.nameRequired').max(100),
  code: z.string().trim().min(1, 'resource.codeRequired').max(100).regex(CODE, 'resource.codeFormat'),
  type: z.number().int().min(0).max(6),
  /** A page's route path, or a type 3 entry's external address: http, https or relative only. */
  url: optionalText(100).refine(isSafeLinkUrl, 'resource.urlScheme'),
  sortNum: sortNumField,
  icon: optionalText(100),
});

export const createResourceSchema = resourceFieldsSchema.strict();
export type CreateResource = z.input<typeof createResourceSchema>;
export const updateResourceSchema = resourceFieldsSchema.extend({ id: idSchema }).strict();
export type UpdateResource = z.input<typeof updateResourceSchema>;

/** A page URL of the route table, for the form's URL select. */
export const pageUrlSchema = z.object({
  url: z.string(),
  code: z.string(),
  title: z.string(),
  titleEn: z.string(),
});
export type PageUrl = z.infer<typeof pageUrlSchema>;

export const resourceEndpoints = {
  /** The whole tree, nested (`checked` is always false here); the filters keep matches and their ancestors. */
  listAll: defineEndpoint({
    method: 'POST',
    path: '/sys/resources/listAll',
    access: permission(AUTHORITY),
    query: noQuery,
    body: z
      .object({ name: textFilter(100), code: textFilter(100) })
      .strict()
      .optional(),
    data: z.array(permissionNodeSchema),
  }),
  insert: defineEndpoint({
    method: 'POST',
    path: '/sys/resources/insert',
    access: permission(AUTHORITY_BUTTONS.add),
    query: noQuery,
    body: createResourceSchema,
    data: resourceRowSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/resources/update',
    access: permission(AUTHORITY_BUTTONS.edit),
    query: noQuery,
    body: updateResourceSchema,
    data: resourceRowSchema,
  }),
  /** The ids that are public from now on (their ancestors become public too); every other id is not. */
  updatePublicRes: defineEndpoint({
    method: 'POST',
    path: '/sys/resources/updatePublicRes',
    access: permission(AUTHORITY_BUTTONS.edit),
    query: noQuery,
    body: z.object({ resourceIds: z.array(idSchema).max(10_000) }).strict(),
    data: z.array(resourceRowSchema),
  }),
  /** §7 `{id}/delete`: the id is a path parameter. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/resources/:id/delete',
    params: z.object({ id: idSchema }).strict(),
    access: permission(AUTHORITY_BUTTONS.delete),
    query: noQuery,
    body: z.object({}).strict().optional(),
    data: z.null(),
  }),
  queryPublicRes: defineEndpoint({
    method: 'GET',
    path: '/sys/resources/queryPublicRes',
    access: permission(AUTHORITY),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(resourceRowSchema),
  }),
  getUrlList: defineEndpoint({
    method: 'GET',
    path: '/sys/resources/getUrlList',
    access: permission(AUTHORITY),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(pageUrlSchema),
  }),
} as const;
