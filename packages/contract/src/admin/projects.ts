import { z } from 'zod';
import { projectSchema } from '../auth.js';
import { lngLatSchema } from '../map.js';
import { defineEndpoint, getQuery, noQuery, permission, SESSION } from '../endpoint.js';
import { defaultProjectSchema } from '../projects.js';
import { checkEndAfterStart, rangeRefinement } from '../fieldRules.js';
import { BUTTON_CODES } from './buttons.js';
import { deleteById, getById, idParams, postBody as post } from './endpointKit.js';
import {
  coordinatePair,
  dateField,
  latitudeField,
  longitudeField,
  namedText,
  optionalDate,
  optionalPersonName,
  optionalText,
  phoneField,
  sortNumField,
} from './fields.js';
import { idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';

/**
 * project (项目管理, platform-shell.md §3 Project, §7 Projects): the projects, their
 * members, plan (cycles and their segments), posts and auditors. A holder of the page code manages
 * every project; anyone else sees only the projects they were given.
 */

export const PROJECT = 'project';
export const PROJECT_BUTTONS = BUTTON_CODES.project;

/** How the project is operated after delivery. */
export const PROJECT_HOSTING = ['self', 'hosted'] as const;
export type ProjectHosting = (typeof PROJECT_HOSTING)[number];
/** Where the project stands. */
export const PROJECT_PHASES = ['planning', 'implementing', 'delivered', 'operating'] as const;
export type ProjectPhase = (typeof PROJECT_PHASES)[number];
/** The state of a segment of the project plan. */
export const SEGMENT_STATES = ['notStarted', 'inProgress', 'done', 'delayed'] as const;
export type SegmentState = (typeof SEGMENT_STATES)[number];
/** The businesses whose records a project's auditors approve, in order. */
export const AUDIT_BUSINESS_TYPES = ['workOrder', 'inspection', 'alarm'] as const;
export type AuditBusinessType = (typeof AUDIT_BUSINESS_TYPES)[number];

/** The text keys of the enums' names (projectTexts.ts). */
export const hostingTextKey = (value: ProjectHosting) => `project.hosting.${value}` as const;
export const phaseTextKey = (value: ProjectPhase) => `project.phase.${value}` as const;
export const segmentStateTextKey = (value: SegmentState) => `project.segmentState.${value}` as const;
export const businessTypeTextKey = (value: AuditBusinessType) => `project.business.${value}` as const;

export const POLYGON_MAX_POINTS = 2000;
export const PROJECT_MEMBERS_MAX = 1000;
export const AUDITORS_MAX = 20;

/** An outline: no points, or a polygon of 3-2000 points; `key` is the refusal's text. */
export const polygonField = (key: string) =>
  z
    .array(lngLatSchema)
    .max(POLYGON_MAX_POINTS, key)
    .refine((points) => points.length === 0 || points.length >= 3, key)
    .default([]);

/** The project's outline: no points, or a polygon of 3-2000 points. */
export const polygonSchema = polygonField('project.polygonPoints');

const userIdsSchema = z.array(idSchema).max(PROJECT_MEMBERS_MAX).default([]);

/*
 * Examples of the fields whose rules are refinements JSON Schema cannot say (the OpenAPI document
 * shows them, and the API fuzz tests build accepted input from them).
 */
const DAYS = ['2025-01-01', '2025-03-01', '2025-06-30'];
const day = dateField.meta({ examples: DAYS });
const optionalDay = optionalDate.meta({ examples: [null, ...DAYS] });
const person = optionalPersonName(50).meta({ examples: ['', '张三', 'Li Si'] });
const phoneExample = phoneField.meta({ examples: ['', '13800138000', '0755-26581234'] });
const longitude = longitudeField.meta({ examples: [null, 113.93041] });
const latitude = latitudeField.meta({ examples: [null, 22.53332] });

/** What the project form edits. `userIds` are its members (the creator is added on insert). */
export const projectFieldsShape = {
  projectName: namedText(200),
  /** The customer or affiliation (所属单位). */
  customer: optionalText(50),
  longitude,
  latitude,
  polygon: polygonSchema,
  hosting: z.enum(PROJECT_HOSTING).nullable().default(null),
  phase: z.enum(PROJECT_PHASES).default('planning'),
  implementedOn: optionalDay,
  deliveredOn: optionalDay,
  leader: person,
  leaderPhone: phoneExample,
  opsLeader: person,
  opsLeaderPhone: phoneExample,
  remarks: optionalText(200),
  userIds: userIdsSchema,
};

interface RuledFields {
  longitude: number | null;
  latitude: number | null;
  implementedOn: string | null;
  deliveredOn: string | null;
}

/** Coordinates as a pair; delivery not before implementation. */
function projectRules(value: RuledFields, ctx: z.RefinementCtx) {
  coordinatePair(value, ctx);
  if (value.implementedOn && value.deliveredOn && value.deliveredOn < value.implementedOn)
    ctx.addIssue({ code: 'custom', path: ['deliveredOn'], message: 'project.deliveryBeforeImplementation' });
}

export const createProjectSchema = z.object(projectFieldsShape).strict().superRefine(projectRules);
export type CreateProject = z.input<typeof createProjectSchema>;

/** On update, `userIds` left out keeps the members as they are. */
export const updateProjectSchema = z
  .object({ projectId: idSchema, ...projectFieldsShape, userIds: userIdsSchema.unwrap().optional() })
  .strict()
  .superRefine(projectRules);
export type UpdateProject = z.input<typeof updateProjectSchema>;

/** The map picker's save: the location alone. */
export const projectLocationSchema = z
  .object({
    projectId: idSchema,
    longitude,
    latitude,
    polygon: polygonSchema,
  })
  .strict()
  .superRefine(coordinatePair);
export type ProjectLocation = z.input<typeof projectLocationSchema>;

/** A project of the admin list: the session's project (id, name, location) and the form's fields. */
export const projectRowSchema = projectSchema.extend({
  customer: z.string(),
  hosting: z.enum(PROJECT_HOSTING).nullable(),
  phase: z.enum(PROJECT_PHASES),
  implementedOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  leader: z.string(),
  leaderPhone: z.string(),
  opsLeader: z.string(),
  opsLeaderPhone: z.string(),
  remarks: z.string(),
  memberCount: z.number().int(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

/** One project as the form opens it: the row and its members. */
export const projectDetailSchema = projectRowSchema.extend({ userIds: z.array(z.number().int()) });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const PROJECT_SORTABLE = ['projectName', 'createdAt'] as const;
export const projectFilterShape = {
  projectName: textFilter(200),
  phase: z.enum(PROJECT_PHASES).optional(),
};
export const projectListRequestSchema = pageRequestSchema(projectFilterShape, PROJECT_SORTABLE);
export type ProjectListRequest = z.input<typeof projectListRequestSchema>;

const projectQuery = getQuery({ projectId: idSchema });

export const projectManageEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/project/pageList',
    access: permission(PROJECT),
    query: noQuery,
    body: projectListRequestSchema,
    data: pageSchema(projectRowSchema),
  }),
  find: defineEndpoint({
    method: 'GET',
    path: '/sys/project/:id/find',
    params: idParams,
    access: permission(PROJECT),
    query: getQuery(),
    body: z.undefined(),
    data: projectDetailSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/sys/project/insert',
    access: permission(PROJECT_BUTTONS.add),
    query: noQuery,
    body: createProjectSchema,
    data: projectDetailSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/project/update',
    access: permission(PROJECT_BUTTONS.edit),
    query: noQuery,
    body: updateProjectSchema,
    data: projectDetailSchema,
  }),
  delete: deleteById('/sys/project/delete/:id', PROJECT_BUTTONS.delete),
  /** The map location picker's save. */
  updateLocation: defineEndpoint({
    method: 'POST',
    path: '/sys/project/updateLocation',
    access: permission(PROJECT_BUTTONS.location),
    query: noQuery,
    body: projectLocationSchema,
    data: projectDetailSchema,
  }),
} as const;

// ---- Plan: cycles (phases) and their segments ----

const cycleDates = { startDate: day, endDate: day };

/** End after start (§5), on the end's field. */
const endAfterStart = rangeRefinement('startDate', 'endDate', checkEndAfterStart);

export const cycleFieldsShape = {
  name: namedText(100),
  ...cycleDates,
  remarks: optionalText(200),
  sortNum: sortNumField,
};
export const createCycleSchema = z
  .object({ projectId: idSchema, ...cycleFieldsShape })
  .strict()
  .superRefine(endAfterStart);
export type CreateCycle = z.input<typeof createCycleSchema>;
export const updateCycleSchema = z
  .object({ cycleId: idSchema, ...cycleFieldsShape })
  .strict()
  .superRefine(endAfterStart);
export type UpdateCycle = z.input<typeof updateCycleSchema>;

export const segmentFieldsShape = {
  name: namedText(100),
  ...cycleDates,
  state: z.enum(SEGMENT_STATES).default('notStarted'),
  /** A member of the project; null when nobody owns it yet. */
  ownerId: idSchema.nullable().default(null),
  remarks: optionalText(200),
};
export const createSegmentSchema = z
  .object({ cycleId: idSchema, ...segmentFieldsShape })
  .strict()
  .superRefine(endAfterStart);
export type CreateSegment = z.input<typeof createSegmentSchema>;
export const updateSegmentSchema = z
  .object({ segmentId: idSchema, ...segmentFieldsShape })
  .strict()
  .superRefine(endAfterStart);
export type UpdateSegment = z.input<typeof updateSegmentSchema>;

export const segmentRowSchema = z.object({
  segmentId: z.number().int(),
  cycleId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(SEGMENT_STATES),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  remarks: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRowSchema>;

export const cycleRowSchema = z.object({
  cycleId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  remarks: z.string(),
  sortNum: z.number().int(),
  /** Its segments by start date. */
  segments: z.array(segmentRowSchema),
});
export type CycleRow = z.infer<typeof cycleRowSchema>;

export const segmentStateOptionSchema = z.object({ state: z.enum(SEGMENT_STATES), name: z.string() });

export const cycleEndpoints = {
  /** The projects the caller may see (all of them for a holder of the page code), for the plan's selector. */
  projectNames: defineEndpoint({
    method: 'GET',
    path: '/gateway/pj/cycle/getProjectName',
    access: SESSION,
    query: getQuery(),
    body: z.undefined(),
    data: z.array(defaultProjectSchema),
  }),
  /** A project's cycles by sortNum then start date, each with its segments. */
  list: defineEndpoint({
    method: 'GET',
    path: '/gateway/pj/cycle/cycleList',
    access: permission(PROJECT),
    query: projectQuery,
    body: z.undefined(),
    data: z.array(cycleRowSchema),
  }),
  segmentStates: defineEndpoint({
    method: 'GET',
    path: '/gateway/pj/cycle/getSegementStateList',
    access: permission(PROJECT),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(segmentStateOptionSchema),
  }),
  find: getById('/gateway/pj/cycle/:id/find', PROJECT, cycleRowSchema),
  /** §7 writes the deletes as GET calls. Deleting a cycle deletes its segments. */
  deleteCycle: getById('/gateway/pj/cycle/:id/deleteCycle', PROJECT_BUTTONS.plan, z.null()),
  deleteSegment: getById('/gateway/pj/cycle/:id/deleteSegement', PROJECT_BUTTONS.plan, z.null()),
  findSegment: getById('/gateway/pj/cycle/:id/findSegement', PROJECT, segmentRowSchema),
  insertCycle: post('/gateway/pj/cycle/insertCycle', PROJECT_BUTTONS.plan, createCycleSchema, cycleRowSchema),
  updateCycle: post('/gateway/pj/cycle/updateCycle', PROJECT_BUTTONS.plan, updateCycleSchema, cycleRowSchema),
  insertSegment: post(
    '/gateway/pj/cycle/insertSegement',
    PROJECT_BUTTONS.plan,
    createSegmentSchema,
    segmentRowSchema,
  ),
  updateSegment: post(
    '/gateway/pj/cycle/updateSegement',
    PROJECT_BUTTONS.plan,
    updateSegmentSchema,
    segmentRowSchema,
  ),
} as const;

// ---- Posts and people ----

export const projectPersonSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  userName: z.string(),
});
export type ProjectPerson = z.infer<typeof projectPersonSchema>;

export interface PostNode {
  postId: number;
  parentId: number | null;
  name: string;
  /** The project members holding this post. */
  users: ProjectPerson[];
  children: PostNode[];
}
export const postNodeSchema: z.ZodType<PostNode> = z.object({
  postId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  users: z.array(projectPersonSchema),
  children: z.lazy(() => z.array(postNodeSchema)),
});

/** A member of the project and the post they hold there (null: none). */
export const projectUserSchema = projectPersonSchema.extend({
  postId: z.number().int().nullable(),
  postName: z.string().nullable(),
});
export type ProjectUser = z.infer<typeof projectUserSchema>;

export const postEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/gateway/pj/post/getPostTree',
    access: permission(PROJECT),
    query: projectQuery,
    body: z.undefined(),
    data: z.array(postNodeSchema),
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/gateway/pj/post/getProjectUser',
    access: permission(PROJECT),
    query: projectQuery,
    body: z.undefined(),
    data: z.array(projectUserSchema),
  }),
} as const;

// ---- Auditors ----

export const auditorGroupSchema = z.object({
  businessType: z.enum(AUDIT_BUSINESS_TYPES),
  /** In the order they audit. */
  auditors: z.array(projectPersonSchema),
});
export type AuditorGroup = z.infer<typeof auditorGroupSchema>;

export const saveAuditorsSchema = z
  .object({
    projectId: idSchema,
    businessType: z.enum(AUDIT_BUSINESS_TYPES),
    /** Project members, in the order they audit; empty clears the business type's auditors. */
    userIds: z
      .array(idSchema)
      .max(AUDITORS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'project.auditorRepeated')
      .meta({ examples: [[]] }),
  })
  .strict();
export type SaveAuditors = z.input<typeof saveAuditorsSchema>;

export const auditorEndpoints = {
  /** Every business type of the project (`id` is the project's), each with its auditors in order. */
  find: getById('/gateway/pj/auditor/:id/find', PROJECT, z.array(auditorGroupSchema)),
  save: post(
    '/gateway/pj/auditor/addOrUpdate',
    PROJECT_BUTTONS.auditor,
    saveAuditorsSchema,
    z.array(auditorGroupSchema),
  ),
} as const;
