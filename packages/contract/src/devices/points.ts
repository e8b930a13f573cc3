import { z } from 'zod';
import { defineEndpoint, getQuery, permission } from '../endpoint.js';
import { deleteById, getById, postBody } from '../admin/endpointKit.js';
import { coordinatePair, latitudeField, longitudeField, optionalText } from '../admin/fields.js';
import {
  idFilter,
  idListSchema,
  idSchema,
  pageRequestSchema,
  pageSchema,
  textFilter,
} from '../admin/paging.js';
import {
  booleanFilter,
  DEVICE_ADDRESS_MAX,
  DEVICE_PAGE,
  deviceRowSchema,
  importTemplate,
  importUpload,
} from './devices.js';

/**
 * Installation points (pointManagement, batchImportPoint): a pole, cabinet, wall or
 * other place where devices are mounted (a lamp, a camera and a sensor on one pole). A device names
 * its point (`pointId`); deleting a point unmounts its devices, it never deletes them.
 */

export const POINT_PAGE = 'pointManagement';
export const POINT_IMPORT_PAGE = 'batchImportPoint';

export const POINT_KINDS = ['pole', 'cabinet', 'wall', 'other'] as const;
export type PointKind = (typeof POINT_KINDS)[number];
/** The kinds' zh-CN names: the import sheet's 点位类型 column and the pages' zh-CN labels. */
export const POINT_KIND_NAMES: Readonly<Record<PointKind, string>> = {
  pole: '灯杆',
  cabinet: '箱柜',
  wall: '墙面',
  other: '其他',
};

export const POINT_CODE_MAX = 32;
export const POINT_NAME_MAX = 32;
/** A pole's height in metres: 0 to 100. */
export const POINT_HEIGHT_MAX = 100;
export const POINT_IMPORT_MAX = 30_000;
/** The most devices one point lists (its mounted devices). */
export const POINT_DEVICES_MAX = 500;
/** The most devices the mount dialog offers at once. */
export const POINT_MOUNTABLE_MAX = 50;

/** The point form. Code unique ignoring case; area and site must be of the point's project. */
export const pointFieldsShape = {
  code: z.string().trim().min(1).max(POINT_CODE_MAX),
  name: z.string().trim().min(1).max(POINT_NAME_MAX),
  kind: z.enum(POINT_KINDS).default('pole'),
  projectId: idSchema,
  areaId: idSchema.nullable().default(null),
  siteId: idSchema.nullable().default(null),
  segment: optionalText(50),
  longitude: longitudeField,
  latitude: latitudeField,
  address: optionalText(DEVICE_ADDRESS_MAX),
  height: z.number().min(0).max(POINT_HEIGHT_MAX, 'point.height').nullable().default(null),
  remarks: optionalText(200),
};

export const createPointSchema = z.object(pointFieldsShape).strict().superRefine(coordinatePair);
export type CreatePoint = z.input<typeof createPointSchema>;
export const updatePointSchema = z
  .object({ pointId: idSchema, ...pointFieldsShape })
  .strict()
  .superRefine(coordinatePair);
export type UpdatePoint = z.input<typeof updatePointSchema>;

export const pointRowSchema = z.object({
  pointId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(POINT_KINDS),
  projectId: z.number().int(),
  projectName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  segment: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  height: z.number().nullable(),
  remarks: z.string(),
  /** Devices mounted on it. */
  deviceCount: z.number().int(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointRow = z.output<typeof pointRowSchema>;

export const POINT_SORTABLE = ['code', 'name', 'createdAt'] as const;
export const pointFilterShape = {
  projectId: idFilter,
  areaId: idFilter,
  kind: z.preprocess((value) => (value === '' ? undefined : value), z.enum(POINT_KINDS).optional()),
  /** Code, name or address containing this text. */
  keyword: textFilter(50),
  /** true: points with devices; false: empty points. */
  hasDevices: booleanFilter,
};
export const pointListRequestSchema = pageRequestSchema(pointFilterShape, POINT_SORTABLE);
export type PointListRequest = z.input<typeof pointListRequestSchema>;

/** A point as the device form's select offers it. */
export const pointOptionSchema = z.object({
  pointId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(POINT_KINDS),
});
export type PointOption = z.output<typeof pointOptionSchema>;

export const mountDevicesSchema = z.object({ pointId: idSchema, deviceIds: idListSchema }).strict();
export type MountDevices = z.input<typeof mountDevicesSchema>;

export const pointEndpoints = {
  page: postBody('/iot/point/pageList', POINT_PAGE, pointListRequestSchema, pageSchema(pointRowSchema)),
  find: getById('/iot/point/:id/find', POINT_PAGE, pointRowSchema),
  /** The points of one project, for the device form's select (held by the device list's users). */
  options: defineEndpoint({
    method: 'GET',
    path: '/iot/point/options',
    access: permission(DEVICE_PAGE),
    query: getQuery({ projectId: idSchema }),
    body: z.undefined(),
    data: z.array(pointOptionSchema),
  }),
  create: postBody('/iot/point/insert', 'pointManagement_add', createPointSchema, pointRowSchema),
  update: postBody('/iot/point/update', 'pointManagement_edit', updatePointSchema, pointRowSchema),
  delete: deleteById('/iot/point/delete/:id', 'pointManagement_delete'),
  batchDelete: postBody(
    '/iot/point/batchDelete',
    'pointManagement_delete',
    z.object({ ids: idListSchema }).strict(),
    z.null(),
  ),
  /** The devices mounted on the point (at most POINT_DEVICES_MAX), by name. */
  devices: getById('/iot/point/:id/devices', POINT_PAGE, z.array(deviceRowSchema)),
  /** Devices the point may take: of its project, on no point, by name (a keyword narrows; at most POINT_MOUNTABLE_MAX). */
  mountable: defineEndpoint({
    method: 'GET',
    path: '/iot/point/:id/mountable',
    params: z.object({ id: idSchema }).strict(),
    access: permission('pointManagement_mount'),
    query: getQuery({ keyword: textFilter(50) }),
    body: z.undefined(),
    data: z.array(deviceRowSchema),
  }),
  /** Mounts devices of the point's project on it (moving them from another point if they had one). */
  mount: postBody('/iot/point/mount', 'pointManagement_mount', mountDevicesSchema, z.null()),
  /** Takes devices off their point. */
  unmount: postBody(
    '/iot/point/unmount',
    'pointManagement_mount',
    z.object({ deviceIds: idListSchema }).strict(),
    z.null(),
  ),
  /** The import workbook: a multipart upload of one .xlsx (§5 uploads: 20M); answers the row report. */
  importPoints: importUpload('/iot/point/import', 'batchImportPoint_import'),
} as const;

/** The point import workbook's columns, in order; the header row holds the zh-CN names. */
export const POINT_IMPORT_COLUMNS = [
  ['code', '点位编号'],
  ['name', '点位名称'],
  ['kind', '点位类型'],
  ['projectName', '所属项目'],
  ['areaName', '所属区域'],
  ['siteName', '所属站点'],
  ['segment', '所属路段'],
  ['longitude', '经度'],
  ['latitude', '纬度'],
  ['address', '地址'],
  ['height', '高度(米)'],
  ['remarks', '备注'],
] as const;

/** The point import template: the header row of `POINT_IMPORT_COLUMNS` and one example row. */
export const pointImportTemplate = importTemplate('/iot/point/importTemplate', POINT_IMPORT_PAGE);
