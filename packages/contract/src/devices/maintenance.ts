import { z } from 'zod';
import { defineEndpoint, noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { BUTTON_CODES } from '../admin/buttons.js';
import { deleteById, postBody } from '../admin/endpointKit.js';
import { momentField, momentFilter, phoneField, requiredText, optionalText } from '../admin/fields.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema, textFilter } from '../admin/paging.js';
import type { Names } from '../names.js';
import { deviceChoiceQuery, deviceChoiceSchema } from './devices.js';

/**
 * equipmentMaintenance (设备维护): what was done to a device, by whom, when and at what
 * cost. A record outlives its device: the device's name, key and control code are kept with it.
 */

export const MAINTENANCE_PAGE = 'equipmentMaintenance';
export const MAINTENANCE_BUTTONS = BUTTON_CODES.equipmentMaintenance;

/** The kinds of work, with their zh-CN and en-US names. */
export const MAINTENANCE_KINDS = {
  inspect: ['巡检', 'Inspection'],
  repair: ['维修', 'Repair'],
  replace: ['更换', 'Replacement'],
  maintain: ['保养', 'Servicing'],
} as const satisfies Record<string, Names>;
export type MaintenanceKind = keyof typeof MAINTENANCE_KINDS;
export const MAINTENANCE_KIND_CODES = Object.keys(MAINTENANCE_KINDS) as [
  MaintenanceKind,
  ...MaintenanceKind[],
];

/** What came of it. */
export const MAINTENANCE_RESULTS = {
  fixed: ['已修复', 'Fixed'],
  pending: ['待处理', 'Pending'],
  scrapped: ['已报废', 'Scrapped'],
} as const satisfies Record<string, Names>;
export type MaintenanceResult = keyof typeof MAINTENANCE_RESULTS;
export const MAINTENANCE_RESULT_CODES = Object.keys(MAINTENANCE_RESULTS) as [
  MaintenanceResult,
  ...MaintenanceResult[],
];

/** The largest cost in yuan a record keeps (cents fit a PostgreSQL integer). */
export const MAINTENANCE_COST_MAX = 21_474_836.47;
const YUAN = /^\d{1,8}(?:\.\d{1,2})?$/;

/**
 * A cost in yuan with at most two decimals, as a number or a form's text; '' or null: none. Answers
 * cents (fen), so no float reaches the database.
 */
export const costField = z
  .union([z.number(), z.string().trim(), z.null()])
  .default(null)
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const text = typeof value === 'number' ? String(value) : value;
    const yuan = Number(text);
    if (!YUAN.test(text) || !Number.isFinite(yuan) || yuan < 0 || yuan > MAINTENANCE_COST_MAX) {
      ctx.addIssue({ code: 'custom', message: 'maintenance.cost' });
      return z.NEVER;
    }
    return Math.round(yuan * 100);
  });

/** Cents as yuan text with two decimals (`12.50`); '' for none. */
export const yuanOf = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

export const maintenanceFieldsShape = {
  deviceId: idSchema,
  kind: z.enum(MAINTENANCE_KIND_CODES),
  fault: optionalText(200),
  content: requiredText(500),
  result: z.enum(MAINTENANCE_RESULT_CODES),
  maintainer: requiredText(50),
  maintainerPhone: phoneField,
  /** When the work was done; not in the future (the server checks against its clock). */
  maintainedAt: momentField,
  costCents: costField,
};

export const createMaintenanceSchema = z.object(maintenanceFieldsShape).strict();
export type CreateMaintenance = z.input<typeof createMaintenanceSchema>;
export const updateMaintenanceSchema = z.object({ recordId: idSchema, ...maintenanceFieldsShape }).strict();
export type UpdateMaintenance = z.input<typeof updateMaintenanceSchema>;

export const maintenanceRowSchema = z.object({
  recordId: z.number().int(),
  /** Null once the device was deleted; its name, key and control code stay. */
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  deviceKey: z.string(),
  controlCode: z.string().nullable(),
  projectId: z.number().int(),
  projectName: z.string(),
  kind: z.enum(MAINTENANCE_KIND_CODES),
  fault: z.string(),
  content: z.string(),
  result: z.enum(MAINTENANCE_RESULT_CODES),
  maintainer: z.string(),
  maintainerPhone: z.string(),
  maintainedAt: z.string(),
  costCents: z.number().int().nullable(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceRow = z.output<typeof maintenanceRowSchema>;

export const MAINTENANCE_SORTABLE = ['maintainedAt', 'createdAt'] as const;
export const maintenanceFilterShape = {
  projectId: idFilter,
  deviceId: idFilter,
  kind: z
    .enum(MAINTENANCE_KIND_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  result: z
    .enum(MAINTENANCE_RESULT_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** maintainedAt from (inclusive) … to (inclusive). */
  from: momentFilter,
  to: momentFilter,
  /** Device name, key or control code, maintainer, fault or content containing this text. */
  keyword: textFilter(50),
};
export const maintenanceListRequestSchema = pageRequestSchema(maintenanceFilterShape, MAINTENANCE_SORTABLE);
export type MaintenanceListRequest = z.input<typeof maintenanceListRequestSchema>;

/** A device the maintenance form can name: the visible devices matching a keyword. */

export const maintenanceExport = defineExport({
  method: 'POST',
  path: '/iot/maintenance/export',
  access: permission(MAINTENANCE_BUTTONS.export),
  query: noQuery,
  body: exportFilter(maintenanceListRequestSchema),
});
export type MaintenanceExportRequest = z.input<typeof maintenanceExport.body>;

export const maintenanceEndpoints = {
  page: postBody(
    '/iot/maintenance/pageList',
    MAINTENANCE_PAGE,
    maintenanceListRequestSchema,
    pageSchema(maintenanceRowSchema),
  ),
  /** The devices the form's picker offers (visible ones), for the page's holders. */
  devices: defineEndpoint({
    method: 'GET',
    path: '/iot/maintenance/devices',
    access: permission(MAINTENANCE_PAGE),
    query: deviceChoiceQuery,
    body: z.undefined(),
    data: z.array(deviceChoiceSchema),
  }),
  create: postBody(
    '/iot/maintenance/insert',
    MAINTENANCE_BUTTONS.add,
    createMaintenanceSchema,
    maintenanceRowSchema,
  ),
  update: postBody(
    '/iot/maintenance/update',
    MAINTENANCE_BUTTONS.edit,
    updateMaintenanceSchema,
    maintenanceRowSchema,
  ),
  delete: deleteById('/iot/maintenance/delete/:id', MAINTENANCE_BUTTONS.delete),
} as const;
