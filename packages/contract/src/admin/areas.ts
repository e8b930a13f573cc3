import { z } from 'zod';
import { defineEndpoint, getQuery, SESSION } from '../endpoint.js';
import { lngLatSchema, type LngLat } from '../map.js';
import { BUTTON_CODES } from './buttons.js';
import { deleteById, getById, postBody as post } from './endpointKit.js';
import { namedText, optionalText, sortNumField } from './fields.js';
import { idSchema } from './paging.js';
import { polygonField, projectPersonSchema } from './projects.js';

/**
 * areaManage (区域管理, platform-shell.md §2 "with map, never cached", §5 "area values may not
 * overlap"): a tree of area directories and area nodes under each project, each with its outline,
 * and the users given areas (the session's `areaIds`).
 */

/** The page code (the route table's code of /admin/areaManage). */
export const AREA = 'admin_areaManage';
export const AREA_BUTTONS = BUTTON_CODES.admin_areaManage;

/** A directory groups areas (and may nest); a node is an area proper and has no children. */
export const AREA_TYPES = ['areadir', 'areanode'] as const;
export type AreaType = (typeof AREA_TYPES)[number];
export const areaTypeTextKey = (value: AreaType) => `area.type.${value}` as const;

export const AREA_USERS_MAX = 1000;

/** What the area form edits. `parentId` null puts the area at the top of its project. */
export const areaFieldsShape = {
  name: namedText(50),
  type: z.enum(AREA_TYPES),
  parentId: idSchema.nullable().default(null),
  /** No points, or 3-2000; a node must have one. */
  polygon: polygonField('area.polygonPoints'),
  remarks: optionalText(200),
  sortNum: sortNumField,
};

/** A node must have an outline (a directory may have none). */
function nodeHasPolygon(value: { type: AreaType; polygon: LngLat[] }, ctx: z.RefinementCtx) {
  if (value.type === 'areanode' && value.polygon.length === 0)
    ctx.addIssue({ code: 'custom', path: ['polygon'], message: 'area.nodeNeedsPolygon' });
}

export const createAreaSchema = z
  .object({ projectId: idSchema, ...areaFieldsShape })
  .strict()
  .superRefine(nodeHasPolygon);
export type CreateArea = z.input<typeof createAreaSchema>;

/** An area stays in its project; it may move within it (a new parent) and change type. */
export const updateAreaSchema = z
  .object({ areaId: idSchema, ...areaFieldsShape })
  .strict()
  .superRefine(nodeHasPolygon);
export type UpdateArea = z.input<typeof updateAreaSchema>;

export const areaRowSchema = z.object({
  areaId: z.number().int(),
  projectId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(AREA_TYPES),
  polygon: z.array(lngLatSchema),
  remarks: z.string(),
  sortNum: z.number().int(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AreaRow = z.infer<typeof areaRowSchema>;

/** An area of the tree with its children, by sortNum then name. */
export interface AreaNode extends AreaRow {
  children: AreaNode[];
}
export const areaNodeSchema: z.ZodType<AreaNode> = areaRowSchema.extend({
  children: z.lazy(() => z.array(areaNodeSchema)),
});

/** The users given an area: exactly `userIds`, members of the area's project (empty: nobody). */
export const assignAreaUsersSchema = z
  .object({
    areaId: idSchema,
    userIds: z
      .array(idSchema)
      .max(AREA_USERS_MAX)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type AssignAreaUsers = z.input<typeof assignAreaUsersSchema>;

export const areaEndpoints = {
  /**
   * A project's area tree, every area with its outline (for the page and for the maps of other pages):
   * a holder of the page code reads any project's, anyone else the projects they were given.
   */
  tree: defineEndpoint({
    method: 'GET',
    path: '/sys/area/tree',
    access: SESSION,
    query: getQuery({ projectId: idSchema }),
    body: z.undefined(),
    data: z.array(areaNodeSchema),
  }),
  find: getById('/sys/area/:id/find', AREA, areaRowSchema),
  create: post('/sys/area/insert', AREA_BUTTONS.add, createAreaSchema, areaRowSchema),
  update: post('/sys/area/update', AREA_BUTTONS.edit, updateAreaSchema, areaRowSchema),
  /** Refused while the area has children or sites. */
  delete: deleteById('/sys/area/delete/:id', AREA_BUTTONS.delete),
  /** The users given the area (a directory gives its descendants too). */
  users: getById('/sys/area/:id/users', AREA, z.array(projectPersonSchema)),
  /** Who may be given the area: the members of its project (for a holder of the assign code). */
  candidates: getById('/sys/area/:id/candidates', AREA_BUTTONS.assign, z.array(projectPersonSchema)),
  assignUsers: post(
    '/sys/area/assignUsers',
    AREA_BUTTONS.assign,
    assignAreaUsersSchema,
    z.array(projectPersonSchema),
  ),
} as const;
