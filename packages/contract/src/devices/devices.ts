import { z } from 'zod';
import { DEVICE_SELECTION_MAX, TEXT_MAX, UPLOAD_MAX_BYTES } from '../fieldRules.js';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { defineExport } from '../export.js';
import { defineUpload } from '../files.js';
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
import { CONTROL_CODE_MAX } from '../video.js';
import { DEVICE_TYPE_CODES } from './types.js';
import {
  functionFieldsSchema,
  functionRowSchema,
  productFieldsShape,
  productRowSchema,
  thingModelSchema,
} from './thingModel.js';

/**
 * The device registry and the thing model's pages. Page codes are the route table's
 * codes; a page's buttons are `<page>_<action>` codes of the seeded permission tree (buttons.ts).
 */

export const PRODUCT_PAGE = 'productManage';
export const FUNCTION_PAGE = 'functionManage';
export const DEVICE_PAGE = 'devList';
export const DEVICE_MANAGE_PAGE = 'iot_assetMorror_devManage';
export const DEVICE_OVERVIEW_PAGE = 'equipmentOverview';
/** The longest address a device (and the map's fill-in) keeps. */
export const DEVICE_ADDRESS_MAX = 100;
export const DEVICE_IMPORT_PAGE = 'batchImport';
/** The live pages (telemetry.ts). */
export const REALTIME_PAGE = 'realtimeReport';
export const HISTORY_PAGE = 'historyRecord';
export const WELL_LID_MONITOR_PAGE = 'abnormalMonitor';
export const WELL_LID_ALARM_PAGE = 'iot_wellLid_alarmRecord';
export const SWITCH_PAGE = 'smartSwitchControl';
export const GATEWAY_WHITE_PAGE = 'white';
export const GATEWAY_CONTROL_PAGE = 'manualControl';

/**
 * Who may read a product's thing model: its own pages, and every page that shows a device's values
 * by the model's names and units (the registry, the device detail and the live pages).
 */
const THING_MODEL_READERS = [
  PRODUCT_PAGE,
  FUNCTION_PAGE,
  'modelSetting',
  DEVICE_PAGE,
  DEVICE_MANAGE_PAGE,
  REALTIME_PAGE,
  HISTORY_PAGE,
  WELL_LID_MONITOR_PAGE,
  WELL_LID_ALARM_PAGE,
  SWITCH_PAGE,
  GATEWAY_CONTROL_PAGE,
] as const;

/** §5: device name 32; an import takes as many devices as one selection. */
export const DEVICE_NAME_MAX = TEXT_MAX.deviceName;
export const DEVICE_IMPORT_MAX = DEVICE_SELECTION_MAX;

/** The key a device signs in to MQTT with (its client id and user name): letters, digits, `_-.:`. */
export const deviceKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'device.keyFormat');

/** The device form. The control code is required for every type but 0101, 0001 and 1101 (§9), which have none. */
export const deviceFieldsShape = {
  deviceKey: deviceKeySchema,
  controlCode: z.string().trim().max(CONTROL_CODE_MAX).nullable().default(null),
  name: z.string().trim().min(1).max(DEVICE_NAME_MAX),
  productId: idSchema,
  projectId: idSchema,
  areaId: idSchema.nullable().default(null),
  siteId: idSchema.nullable().default(null),
  /** The road segment or section the device stands on, as operators name it. */
  segment: optionalText(50),
  longitude: longitudeField,
  latitude: latitudeField,
  address: optionalText(DEVICE_ADDRESS_MAX),
  /** A disabled device is refused by the broker and sent no commands. */
  enabled: z.boolean().default(true),
  remarks: optionalText(200),
  /** The installation point it is mounted on (points.ts), of its project; left out: unchanged (none when created). */
  pointId: idSchema.nullable().optional(),
};

export const createDeviceSchema = z.object(deviceFieldsShape).strict().superRefine(coordinatePair);
export type CreateDevice = z.input<typeof createDeviceSchema>;
export const updateDeviceSchema = z
  .object({ deviceId: idSchema, ...deviceFieldsShape })
  .strict()
  .superRefine(coordinatePair);
export type UpdateDevice = z.input<typeof updateDeviceSchema>;

export const deviceRowSchema = z.object({
  deviceId: z.number().int(),
  deviceKey: z.string(),
  controlCode: z.string().nullable(),
  name: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** The product's English name ('' when it has none): show with productNameOf. */
  productNameEn: z.string(),
  typeCode: z.enum(DEVICE_TYPE_CODES),
  projectId: z.number().int(),
  projectName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
  segment: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  enabled: z.boolean(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  firmwareVersion: z.string(),
  remarks: z.string(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceRow = z.output<typeof deviceRowSchema>;

/** A yes/no filter of a list: a boolean or its text; '' means no filter. */
export const booleanFilter = z.preprocess(
  (value) =>
    value === ''
      ? undefined
      : value === 'true' || value === true
        ? true
        : value === 'false' || value === false
          ? false
          : value,
  z.boolean().optional(),
);

export const DEVICE_SORTABLE = ['name', 'deviceKey', 'createdAt', 'lastSeenAt'] as const;
export const deviceFilterShape = {
  projectId: idFilter,
  productId: idFilter,
  areaId: idFilter,
  siteId: idFilter,
  typeCode: z.enum(DEVICE_TYPE_CODES).optional(),
  online: booleanFilter,
  /** The devices of one installation point. */
  pointId: idFilter,
  /** true: mounted on a point; false: on none (the devices a point may take). */
  mounted: booleanFilter,
  /** Name, key or control code containing this text. */
  keyword: textFilter(50),
};
export const deviceListRequestSchema = pageRequestSchema(deviceFilterShape, DEVICE_SORTABLE);
export type DeviceListRequest = z.input<typeof deviceListRequestSchema>;

/** A device's MQTT credentials: shown to holders of the button, the secret only here. */
export const deviceCredentialsSchema = z.object({
  deviceKey: z.string(),
  secret: z.string(),
  /** The broker devices connect to, as the server is configured (`mqtt://host:port`). */
  brokerUrl: z.string(),
});
export type DeviceCredentials = z.output<typeof deviceCredentialsSchema>;

export const PRODUCT_SORTABLE = ['name', 'productKey', 'createdAt'] as const;
export const productListRequestSchema = pageRequestSchema(
  { typeCode: z.enum(DEVICE_TYPE_CODES).optional(), keyword: textFilter(30) },
  PRODUCT_SORTABLE,
);
export const createProductSchema = z.object(productFieldsShape).strict();
export type CreateProduct = z.input<typeof createProductSchema>;
export const updateProductSchema = z.object({ productId: idSchema, ...productFieldsShape }).strict();
export type UpdateProduct = z.input<typeof updateProductSchema>;

export const createFunctionSchema = z.intersection(z.object({ productId: idSchema }), functionFieldsSchema);
export type CreateFunction = z.input<typeof createFunctionSchema>;
export const updateFunctionSchema = z.intersection(z.object({ functionId: idSchema }), functionFieldsSchema);
export type UpdateFunction = z.input<typeof updateFunctionSchema>;

/** The overview (equipmentOverview): counts and online rate, by type and by area. */
export const deviceOverviewSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  disabled: z.number().int(),
  /** Open alarms of the devices. */
  alarming: z.number().int(),
  byType: z.array(
    z.object({ typeCode: z.enum(DEVICE_TYPE_CODES), total: z.number().int(), online: z.number().int() }),
  ),
  byArea: z.array(
    z.object({
      areaId: z.number().int().nullable(),
      areaName: z.string().nullable(),
      total: z.number().int(),
      online: z.number().int(),
    }),
  ),
  /**
   * The licence's count of devices in use (the registry's devices of every project and the cameras,
   * each given) and its limit (null: no valid licence).
   */
  devicesInUse: z.number().int(),
  iotDevices: z.number().int(),
  cameras: z.number().int(),
  deviceLimit: z.number().int().nullable(),
});
export type DeviceOverview = z.output<typeof deviceOverviewSchema>;

/** One refused row of an import: its sheet row number (from 2, under the header), the column and why. */
export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  /** A contract text key, with its values. */
  reason: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export const importReportSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  refused: z.number().int(),
  problems: z.array(importProblemSchema),
});
export type ImportReport = z.output<typeof importReportSchema>;

/**
 * What an import workbook may unpack to (an .xlsx is a zip): its entries together, the sheet and its
 * shared strings included. A full import of 30,000 everyday device rows unpacks to about 18M; an
 * upload of 20M could otherwise unpack to gigabytes, all of it read before any row is looked at.
 */
export const IMPORT_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;

/** An import workbook's upload: one .xlsx in the field `file` (§5 uploads: 20M); answers the row report. */
export const importUpload = (path: string, code: string) =>
  defineUpload({
    method: 'POST',
    path,
    access: permission(code),
    query: noQuery,
    body: z.object({}).strict(),
    data: importReportSchema,
    upload: { field: 'file', maxBytes: UPLOAD_MAX_BYTES.file },
  });

/** An import's template download (its header row and one example row), for holders of the page. */
export const importTemplate = (path: string, page: string) =>
  defineExport({ method: 'GET', path, access: permission(page), query: getQuery(), body: z.undefined() });

export const productEndpoints = {
  page: postBody(
    '/iot/product/pageList',
    PRODUCT_PAGE,
    productListRequestSchema,
    pageSchema(productRowSchema),
  ),
  /** Every product (for selects), newest first. */
  all: defineEndpoint({
    method: 'GET',
    path: '/iot/product/all',
    access: { kind: 'session' },
    query: getQuery({ typeCode: z.enum(DEVICE_TYPE_CODES).optional() }),
    body: z.undefined(),
    data: z.array(productRowSchema),
  }),
  /** A product with its functions: the thing-model pages and every page that shows a device's values. */
  model: getById('/iot/product/:id/model', THING_MODEL_READERS, thingModelSchema),
  create: postBody('/iot/product/insert', 'productManage_add', createProductSchema, productRowSchema),
  update: postBody('/iot/product/update', 'productManage_edit', updateProductSchema, productRowSchema),
  delete: deleteById('/iot/product/delete/:id', 'productManage_delete'),
  createFunction: postBody(
    '/iot/product/function/insert',
    'functionManage_edit',
    createFunctionSchema,
    functionRowSchema,
  ),
  updateFunction: postBody(
    '/iot/product/function/update',
    'functionManage_edit',
    updateFunctionSchema,
    functionRowSchema,
  ),
  deleteFunction: deleteById('/iot/product/function/delete/:id', 'functionManage_edit'),
} as const;

export const deviceEndpoints = {
  page: postBody(
    '/iot/device/pageList',
    [DEVICE_PAGE, DEVICE_MANAGE_PAGE],
    deviceListRequestSchema,
    pageSchema(deviceRowSchema),
  ),
  find: getById('/iot/device/:id/find', [DEVICE_PAGE, DEVICE_MANAGE_PAGE], deviceRowSchema),
  create: postBody('/iot/device/insert', 'devList_add', createDeviceSchema, deviceRowSchema),
  update: postBody('/iot/device/update', 'devList_edit', updateDeviceSchema, deviceRowSchema),
  delete: deleteById('/iot/device/delete/:id', 'devList_delete'),
  batchDelete: postBody(
    '/iot/device/batchDelete',
    'devList_delete',
    z.object({ ids: idListSchema }).strict(),
    z.null(),
  ),
  credentials: getById('/iot/device/:id/credentials', 'devList_credentials', deviceCredentialsSchema),
  resetSecret: defineEndpoint({
    method: 'POST',
    path: '/iot/device/:id/resetSecret',
    params: z.object({ id: idSchema }).strict(),
    access: permission('devList_credentials'),
    query: noQuery,
    body: z.object({}).strict().optional(),
    data: deviceCredentialsSchema,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/iot/device/overview',
    access: permission(DEVICE_OVERVIEW_PAGE),
    query: getQuery({ projectId: idFilter }),
    body: z.undefined(),
    data: deviceOverviewSchema,
  }),
  /** The import workbook: a multipart upload of one .xlsx (§5 uploads: 20M); answers the row report. */
  importDevices: importUpload('/iot/device/import', 'batchImport_import'),
} as const;

/** The import workbook's columns, in order; the header row holds the zh-CN names. */
export const DEVICE_IMPORT_COLUMNS = [
  ['deviceKey', '设备标识'],
  ['controlCode', '控制码'],
  ['name', '设备名称'],
  ['productKey', '产品标识'],
  ['projectName', '所属项目'],
  ['areaName', '所属区域'],
  ['segment', '所属路段'],
  ['longitude', '经度'],
  ['latitude', '纬度'],
  ['address', '地址'],
  ['remarks', '备注'],
] as const;

/** The import template: the header row of `DEVICE_IMPORT_COLUMNS` and one example row. */
export const deviceImportTemplate = importTemplate('/iot/device/importTemplate', DEVICE_IMPORT_PAGE);

/**
 * One device of a picker (a maintenance record's, a new work order's): searched by name, key or
 * control code among the devices of the projects the user sees, optionally of one project.
 */
export const deviceChoiceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  deviceKey: z.string(),
  controlCode: z.string().nullable(),
  projectName: z.string(),
});
export type DeviceChoice = z.output<typeof deviceChoiceSchema>;
/** How many devices a picker offers for one keyword. */
export const DEVICE_CHOICES_MAX = 50;
/** A picker's query: the typed text, the chosen device (to show its name), the project it is of. */
export const deviceChoiceQuery = getQuery({
  keyword: textFilter(50),
  deviceId: idFilter,
  projectId: idFilter,
});
export type DeviceChoiceQuery = z.output<typeof deviceChoiceQuery>;
