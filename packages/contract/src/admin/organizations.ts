import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { checkEndAfterStart, rangeRefinement } from '../fieldRules.js';
import { USER_MANAGE } from './users.js';
import {
  coordinatePair,
  latitudeField,
  longitudeField,
  optionalDate,
  optionalPersonName,
  optionalText,
  phoneField,
  namedText,
  sortNumField,
} from './fields.js';
import { idSchema, textFilter } from './paging.js';

/** organization (组织架构, platform-shell.md §3 Organization): a tree of organizations. */

export const ORGANIZATION = 'organization';
export const ORGANIZATION_BUTTONS = BUTTON_CODES.organization;

/** The dictionary whose item codes are the organization types. */
export const ORG_TYPE_DICTIONARY = 'org_type';
/** Upper bound of the people and department counts. */
export const ORG_COUNT_MAX = 1_000_000;

const count = z.number().int().min(0).max(ORG_COUNT_MAX).nullable().default(null);

/** What the organization form edits. */
export const orgFieldsShape = {
  name: namedText(100),
  parentId: idSchema.nullable().default(null),
  longitude: longitudeField,
  latitude: latitudeField,
  /** An item code of the org_type dictionary; '' when not chosen. */
  orgType: z.string().trim().max(64).default(''),
  projectStart: optionalDate,
  projectEnd: optionalDate,
  responsible: optionalPersonName(50),
  phone: phoneField,
  peopleCount: count,
  departmentCount: count,
  remarks: optionalText(200),
  sortNum: sortNumField,
};

interface PairFields {
  longitude: number | null;
  latitude: number | null;
  projectStart: string | null;
  projectEnd: string | null;
}

/** Coordinates come as a pair (both or neither, §5's texts); the project ends after it starts. */
function pairRules(value: PairFields, ctx: z.RefinementCtx) {
  coordinatePair(value, ctx);
  rangeRefinement('projectStart', 'projectEnd', checkEndAfterStart)(value, ctx);
}

export const createOrgSchema = z.object(orgFieldsShape).strict().superRefine(pairRules);
export type CreateOrg = z.input<typeof createOrgSchema>;

export const updateOrgSchema = z
  .object({ orgId: idSchema, ...orgFieldsShape })
  .strict()
  .superRefine(pairRules);
export type UpdateOrg = z.input<typeof updateOrgSchema>;

export const orgRowSchema = z.object({
  orgId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  orgType: z.string(),
  projectStart: z.string().nullable(),
  projectEnd: z.string().nullable(),
  responsible: z.string(),
  phone: z.string(),
  peopleCount: z.number().int().nullable(),
  departmentCount: z.number().int().nullable(),
  remarks: z.string(),
  sortNum: z.number().int(),
  /** Users whose organization this is (not counting those of sub-organizations). */
  userCount: z.number().int(),
  editor: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type OrgRow = z.infer<typeof orgRowSchema>;

export type OrgNode = OrgRow & { children: OrgNode[] };
export const orgNodeSchema: z.ZodType<OrgNode> = orgRowSchema.extend({
  children: z.lazy(() => z.array(orgNodeSchema)),
});

/** The organization select of other forms (the user form): names only. */
export interface OrgOption {
  orgId: number;
  name: string;
  children: OrgOption[];
}
export const orgOptionSchema: z.ZodType<OrgOption> = z.object({
  orgId: z.number().int(),
  name: z.string(),
  children: z.lazy(() => z.array(orgOptionSchema)),
});

export const orgListQuerySchema = getQuery({ name: textFilter(100) });
const orgIdBody = z.object({ orgId: idSchema }).strict();

export const organizationEndpoints = {
  /** The tree, siblings by sortNum then id; with `name`, the matching organizations and their ancestors. */
  list: defineEndpoint({
    method: 'GET',
    path: '/gateway/org/orgList',
    access: permission(ORGANIZATION),
    query: orgListQuerySchema,
    body: z.undefined(),
    data: z.array(orgNodeSchema),
  }),
  /** The tree for the user form's organization select, for whoever manages users. */
  options: defineEndpoint({
    method: 'GET',
    path: '/gateway/org/options',
    access: permission(USER_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(orgOptionSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gateway/org/insert',
    access: permission(ORGANIZATION_BUTTONS.add),
    query: noQuery,
    body: createOrgSchema,
    data: orgRowSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/gateway/org/update',
    access: permission(ORGANIZATION_BUTTONS.edit),
    query: noQuery,
    body: updateOrgSchema,
    data: orgRowSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/gateway/org/delete',
    access: permission(ORGANIZATION_BUTTONS.delete),
    query: noQuery,
    body: orgIdBody,
    data: z.null(),
  }),
} as const;
