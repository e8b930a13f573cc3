import { z } from 'zod';
import { TEXT_MAX, UPLOAD_MAX_BYTES } from '../fieldRules.js';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { defineFile, defineUpload } from '../files.js';
import { BUTTON_CODES } from '../admin/buttons.js';
import { getById, idParams, postBody } from '../admin/endpointKit.js';
import { momentFilter, optionalText, requiredText } from '../admin/fields.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema, textFilter } from '../admin/paging.js';
import type { Names } from '../names.js';
import { deviceChoiceQuery, deviceChoiceSchema } from '../devices/devices.js';
import { ALARM_LEVELS, type AlarmLevel } from './states.js';

/**
 * Work orders (omWorkOrder): created by hand, from an alarm, from an inspection item
 * or from an early warning; dispatched to one person of the project, who accepts, works and submits
 * it with a result and photos; a reviewer approves (done) or rejects it (back to work). Each step is
 * done by the people allowed to do it and kept in the order's timeline.
 */

export const WORK_ORDER_PAGE = 'omWorkOrder';
export const WORK_ORDER_BUTTONS = BUTTON_CODES.omWorkOrder;

/** §9 work-order sources. */
export const WORK_ORDER_SOURCES = {
  120201: ['普通工单', 'Normal'],
  120202: ['告警工单', 'Alarm'],
  120203: ['巡检工单', 'Inspection'],
  120204: ['预警工单', 'Early warning'],
} as const satisfies Record<number, Names>;
export type WorkOrderSource = keyof typeof WORK_ORDER_SOURCES;
export const WORK_ORDER_SOURCE_CODES = Object.keys(WORK_ORDER_SOURCES).map(Number) as WorkOrderSource[];
export const workOrderSourceSchema = z.union([
  z.literal(120201),
  z.literal(120202),
  z.literal(120203),
  z.literal(120204),
]);

export const WORK_ORDER_STATE_NAMES = {
  to_dispatch: ['待派发', 'To dispatch'],
  dispatched: ['待接单', 'Dispatched'],
  accepted: ['已接单', 'Accepted'],
  processing: ['处理中', 'In progress'],
  on_hold: ['已挂起', 'On hold'],
  reviewing: ['待审核', 'Awaiting review'],
  done: ['已完成', 'Done'],
  cancelled: ['已取消', 'Cancelled'],
} as const satisfies Record<string, Names>;
export type WorkOrderState = keyof typeof WORK_ORDER_STATE_NAMES;
export const WORK_ORDER_STATES = Object.keys(WORK_ORDER_STATE_NAMES) as [WorkOrderState, ...WorkOrderState[]];
export const CLOSED_WORK_ORDER_STATES = ['done', 'cancelled'] as const satisfies readonly WorkOrderState[];
export const OPEN_WORK_ORDER_STATES = WORK_ORDER_STATES.filter(
  (state) => !(CLOSED_WORK_ORDER_STATES as readonly WorkOrderState[]).includes(state),
);

/**
 * Who may take a step: `dispatcher` holds omWorkOrder_dispatch, `reviewer` omWorkOrder_review,
 * `closer` omWorkOrder_close, `assignee` is the person the order is dispatched to.
 */
export type WorkOrderActor = 'dispatcher' | 'reviewer' | 'closer' | 'assignee';

/**
 * The flow. `to: null` on resume: back to the state it was put on hold from. A step whose `note` is
 * `reason` needs a reason; `result` needs the result text (photos optional).
 */
export const WORK_ORDER_ACTIONS = {
  dispatch: {
    from: ['to_dispatch'],
    to: 'dispatched',
    by: ['dispatcher'],
    note: 'none',
    names: ['派发', 'Dispatch'],
  },
  reassign: {
    from: ['dispatched', 'accepted', 'processing', 'on_hold'],
    to: 'dispatched',
    by: ['dispatcher'],
    note: 'none',
    names: ['改派', 'Reassign'],
  },
  refuse: {
    from: ['dispatched'],
    to: 'to_dispatch',
    by: ['assignee'],
    note: 'reason',
    names: ['退回', 'Refuse'],
  },
  accept: { from: ['dispatched'], to: 'accepted', by: ['assignee'], note: 'none', names: ['接单', 'Accept'] },
  start: {
    from: ['accepted'],
    to: 'processing',
    by: ['assignee'],
    note: 'none',
    names: ['开始处理', 'Start'],
  },
  hold: {
    from: ['accepted', 'processing'],
    to: 'on_hold',
    by: ['assignee', 'dispatcher'],
    note: 'reason',
    names: ['挂起', 'Put on hold'],
  },
  resume: {
    from: ['on_hold'],
    to: null,
    by: ['assignee', 'dispatcher'],
    note: 'none',
    names: ['恢复', 'Resume'],
  },
  submit: {
    from: ['processing'],
    to: 'reviewing',
    by: ['assignee'],
    note: 'result',
    names: ['提交审核', 'Submit'],
  },
  approve: {
    from: ['reviewing'],
    to: 'done',
    by: ['reviewer'],
    note: 'none',
    names: ['审核通过', 'Approve'],
  },
  reject: {
    from: ['reviewing'],
    to: 'processing',
    by: ['reviewer'],
    note: 'reason',
    names: ['驳回', 'Reject'],
  },
  cancel: {
    from: ['to_dispatch', 'dispatched', 'accepted', 'processing', 'on_hold', 'reviewing'],
    to: 'cancelled',
    by: ['closer'],
    note: 'reason',
    names: ['关闭工单', 'Cancel'],
  },
} as const satisfies Record<
  string,
  {
    from: readonly WorkOrderState[];
    to: WorkOrderState | null;
    by: readonly WorkOrderActor[];
    note: 'none' | 'reason' | 'result';
    names: Names;
  }
>;
export type WorkOrderAction = keyof typeof WORK_ORDER_ACTIONS;
export const WORK_ORDER_ACTION_CODES = Object.keys(WORK_ORDER_ACTIONS) as [
  WorkOrderAction,
  ...WorkOrderAction[],
];

/** Whether `action` may be taken on an order in `state` (who may take it is checked apart). */
export const canActOnOrder = (action: WorkOrderAction, state: WorkOrderState): boolean =>
  (WORK_ORDER_ACTIONS[action].from as readonly WorkOrderState[]).includes(state);

/** The deadline after creation, by level. */
export const WORK_ORDER_DEADLINE_HOURS: Record<AlarmLevel, number> = { error: 4, common: 24, tips: 72 };

/** §5 uploads: photos of at most 20M each (JPEG, PNG or WebP), at most 9 per step. */
export const WORK_ORDER_PHOTO_MAX_BYTES = UPLOAD_MAX_BYTES.file;
export const WORK_ORDER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const WORK_ORDER_PHOTOS_PER_STEP = 9;
export const WORK_ORDER_PHOTO_FIELD = 'file';

/** §5's long text and textarea. */
export const WORK_ORDER_TITLE_MAX = TEXT_MAX.longText;
export const WORK_ORDER_TEXT_MAX = TEXT_MAX.textarea;

export const workOrderPhotoSchema = z.object({
  photoId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type WorkOrderPhoto = z.output<typeof workOrderPhotoSchema>;

export const workOrderRowSchema = z.object({
  orderId: z.number().int(),
  /** GD + the China date + a 4-digit number of the day: GD202611240001. */
  orderNo: z.string(),
  title: z.string(),
  description: z.string(),
  source: workOrderSourceSchema,
  level: z.enum(ALARM_LEVELS),
  state: z.enum(WORK_ORDER_STATES),
  projectId: z.number().int(),
  projectName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  /** The alarm or early warning it was made from. */
  alarmId: z.number().int().nullable(),
  /** Whether that alarm's device has recovered meanwhile (null without an alarm). */
  deviceRecovered: z.boolean().nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  creatorName: z.string(),
  deadlineAt: z.string(),
  /** Open past its deadline, or finished after it. */
  overdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The result the assignee last submitted. */
  result: z.string(),
});
export type WorkOrderRow = z.output<typeof workOrderRowSchema>;

export const workOrderStepSchema = z.object({
  stepId: z.number().int(),
  at: z.string(),
  actor: z.string(),
  /** `create` for the first step; null actor never: the engine acts as 系统. */
  action: z.union([z.enum(WORK_ORDER_ACTION_CODES), z.literal('create')]),
  fromState: z.enum(WORK_ORDER_STATES).nullable(),
  toState: z.enum(WORK_ORDER_STATES),
  /** The assignee a dispatch or reassign named. */
  assigneeName: z.string().nullable(),
  note: z.string(),
  photos: z.array(workOrderPhotoSchema),
});
export type WorkOrderStep = z.output<typeof workOrderStepSchema>;

export const workOrderDetailSchema = z.object({
  order: workOrderRowSchema,
  steps: z.array(workOrderStepSchema),
  /** The actions this user may take now (the buttons the detail shows). */
  actions: z.array(z.enum(WORK_ORDER_ACTION_CODES)),
});
export type WorkOrderDetail = z.output<typeof workOrderDetailSchema>;

/** The tabs of omWorkOrder: by state, plus mine (dispatched to me and open) and overdue. */
export const WORK_ORDER_TABS = ['all', 'mine', 'overdue', ...WORK_ORDER_STATES] as const;
export type WorkOrderTab = (typeof WORK_ORDER_TABS)[number];

export const WORK_ORDER_SORTABLE = ['createdAt', 'deadlineAt', 'updatedAt'] as const;
export const workOrderListRequestSchema = pageRequestSchema(
  {
    tab: z.enum(WORK_ORDER_TABS).default('all'),
    projectId: idFilter,
    source: z.coerce
      .number()
      .pipe(workOrderSourceSchema)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    level: z
      .enum(ALARM_LEVELS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    assigneeId: idFilter,
    /** createdAt from … to, inclusive. */
    from: momentFilter,
    to: momentFilter,
    /** Order number, title or device name containing this text. */
    keyword: textFilter(50),
  },
  WORK_ORDER_SORTABLE,
);
export type WorkOrderListRequest = z.input<typeof workOrderListRequestSchema>;

/**
 * What the tabs' counts are asked for: the list's filters alone. Every tab is counted at once, so
 * neither a tab nor a page belongs here (a page size of 1 was once sent, and refused).
 */
export const workOrderCountsRequestSchema = workOrderListRequestSchema.omit({
  tab: true,
  pageNum: true,
  pageSize: true,
  sortField: true,
  sortOrder: true,
});
export type WorkOrderCountsRequest = z.input<typeof workOrderCountsRequestSchema>;

const photoIds = z.array(idSchema).max(WORK_ORDER_PHOTOS_PER_STEP, 'workOrder.tooManyPhotos').default([]);

/** By hand (source 120201): the others are made from their alarm, warning or inspection. */
export const createWorkOrderSchema = z
  .object({
    title: requiredText(WORK_ORDER_TITLE_MAX),
    description: optionalText(WORK_ORDER_TEXT_MAX),
    level: z.enum(ALARM_LEVELS),
    projectId: idSchema,
    deviceId: idSchema.nullable().default(null),
    /** Dispatched at once to this person (needs omWorkOrder_dispatch); none: it waits to be dispatched. */
    assigneeId: idSchema.nullable().default(null),
    photoIds,
  })
  .strict();
export type CreateWorkOrder = z.input<typeof createWorkOrderSchema>;

/** One step. `assigneeId` for dispatch and reassign; `note` is the reason or the result. */
export const actOnWorkOrderSchema = z
  .object({
    orderId: idSchema,
    action: z.enum(WORK_ORDER_ACTION_CODES),
    assigneeId: idSchema.nullable().default(null),
    note: optionalText(WORK_ORDER_TEXT_MAX),
    photoIds,
  })
  .strict()
  .superRefine((body, ctx) => {
    const { note } = WORK_ORDER_ACTIONS[body.action];
    if ((body.action === 'dispatch' || body.action === 'reassign') && body.assigneeId === null)
      ctx.addIssue({ code: 'custom', message: 'workOrder.assigneeRequired', path: ['assigneeId'] });
    if (note === 'reason' && body.note === '')
      ctx.addIssue({ code: 'custom', message: 'workOrder.reasonRequired', path: ['note'] });
    if (note === 'result' && body.note === '')
      ctx.addIssue({ code: 'custom', message: 'workOrder.resultRequired', path: ['note'] });
  });
export type ActOnWorkOrder = z.input<typeof actOnWorkOrderSchema>;

/** A person an order may be dispatched to: a user of the project who holds omWorkOrder. */
export const assigneeSchema = z.object({ userId: z.number().int(), name: z.string(), account: z.string() });
export type Assignee = z.output<typeof assigneeSchema>;

export const workOrderEndpoints = {
  page: postBody(
    '/om/workOrder/pageList',
    WORK_ORDER_PAGE,
    workOrderListRequestSchema,
    pageSchema(workOrderRowSchema),
  ),
  /** How many orders each tab holds now (the tabs' badges), for the same filters. */
  counts: postBody(
    '/om/workOrder/counts',
    WORK_ORDER_PAGE,
    workOrderCountsRequestSchema,
    z.record(z.enum(WORK_ORDER_TABS), z.number().int()),
  ),
  detail: getById('/om/workOrder/detail/:id', WORK_ORDER_PAGE, workOrderDetailSchema),
  create: postBody('/om/workOrder/insert', WORK_ORDER_BUTTONS.add, createWorkOrderSchema, workOrderRowSchema),
  /** Every step; who may take it is checked by the action (WORK_ORDER_ACTIONS[action].by). */
  act: postBody('/om/workOrder/act', WORK_ORDER_PAGE, actOnWorkOrderSchema, workOrderDetailSchema),
  /** Also for those who turn alarms and warnings into orders (the 转工单 dialog's picker). */
  assignees: defineEndpoint({
    method: 'GET',
    path: '/om/workOrder/assignees',
    access: permission(WORK_ORDER_PAGE, BUTTON_CODES.alarmList.handle, BUTTON_CODES.ewInfoList.handle),
    query: getQuery({ projectId: idSchema }),
    body: z.undefined(),
    data: z.array(assigneeSchema),
  }),
  /** The device picker of a new order: the devices of the projects the user sees (of one, when chosen). */
  devices: defineEndpoint({
    method: 'GET',
    path: '/om/workOrder/devices',
    access: permission(WORK_ORDER_BUTTONS.add),
    query: deviceChoiceQuery,
    body: z.undefined(),
    data: z.array(deviceChoiceSchema),
  }),
  /** multipart/form-data: the photo as `file`; answers the stored photo to name in a step. */
  photo: defineUpload({
    method: 'POST',
    path: '/om/workOrder/photo',
    access: permission(WORK_ORDER_PAGE),
    query: noQuery,
    body: z.object({}).strict(),
    data: workOrderPhotoSchema,
    upload: { field: WORK_ORDER_PHOTO_FIELD, maxBytes: WORK_ORDER_PHOTO_MAX_BYTES },
  }),
} as const;

/** A photo of a step, for holders of the page who may see the order's project. */
export const workOrderPhotoFile = defineFile({
  path: '/om/workOrder/photo/:id',
  params: idParams,
  access: permission(WORK_ORDER_PAGE),
  query: getQuery(),
});

export const workOrderExport = defineExport({
  method: 'POST',
  path: '/om/workOrder/export',
  access: permission(WORK_ORDER_BUTTONS.export),
  query: noQuery,
  body: exportFilter(workOrderListRequestSchema),
});
