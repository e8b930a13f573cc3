import { z } from 'zod';
import { defineEndpoint, getQuery } from '../endpoint.js';
import { postBody } from '../admin/endpointKit.js';
import { latitudeField, longitudeField, optionalText } from '../admin/fields.js';
import { AREA_TYPES } from '../admin/areas.js';
import {
  idFilter,
  idListSchema,
  idSchema,
  pageRequestSchema,
  pageSchema,
  textFilter,
} from '../admin/paging.js';
import { DEVICE_TYPE_CODES } from './types.js';
import { deviceRowSchema } from './devices.js';

/**
 * Where devices are: `locationManagement` (位置管理) places devices on the map, one or
 * many at a time; `iot_assetMorror_areaManage` (区域管理, prefixed because the admin page holds
 * `areaManage`) counts the devices of each area node of a project, rolled up the tree, and moves
 * devices between the nodes of their project.
 */

export const LOCATION_PAGE = 'locationManagement';
export const DEVICE_AREA_PAGE = 'iot_assetMorror_areaManage';

/** The most markers one map answer carries; the answer says how many there were in all. */
export const PLACEMENT_MAP_MAX = 5_000;
export const PLACEMENT_MAP_DEFAULT = 2_000;

/** A map's visible box, in stored (WGS-84) degrees. */
export const boundingBoxSchema = z
  .object({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .strict()
  .refine((box) => box.west <= box.east && box.south <= box.north, 'request.badValue');
export type BoundingBox = z.output<typeof boundingBoxSchema>;

const onlineFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.boolean().optional(),
);

/** The devices with a location, for a map: of one project or every project the user sees, in a box. */
export const placementMapRequestSchema = z
  .object({
    projectId: idFilter,
    box: boundingBoxSchema.optional(),
    typeCode: z.enum(DEVICE_TYPE_CODES).optional(),
    online: onlineFilter,
    keyword: textFilter(50),
    limit: z.number().int().min(1).max(PLACEMENT_MAP_MAX).default(PLACEMENT_MAP_DEFAULT),
  })
  .strict();
export type PlacementMapRequest = z.input<typeof placementMapRequestSchema>;

/** One marker: compact, so thousands of them stay light. */
export const mapDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DEVICE_TYPE_CODES),
  online: z.boolean(),
  enabled: z.boolean(),
  lng: z.number(),
  lat: z.number(),
});
export type MapDevice = z.output<typeof mapDeviceSchema>;

export const placementMapSchema = z.object({
  /** Every device the request matched; `devices` holds at most `limit` of them. */
  total: z.number().int(),
  /**
   * The devices of the request's projects wherever the map looks, counted as 设备概览 counts them,
   * and how many of them have a place (the rest are listed as without a location).
   */
  deviceTotal: z.number().int(),
  placedTotal: z.number().int(),
  devices: z.array(mapDeviceSchema),
});
export type PlacementMap = z.output<typeof placementMapSchema>;

/** A device in the side lists (without a location, in an area node). */
export const placedDeviceRowSchema = deviceRowSchema.pick({
  deviceId: true,
  deviceKey: true,
  name: true,
  productName: true,
  productNameEn: true,
  typeCode: true,
  projectId: true,
  projectName: true,
  areaId: true,
  areaName: true,
  longitude: true,
  latitude: true,
  address: true,
  online: true,
  enabled: true,
});
export type PlacedDeviceRow = z.output<typeof placedDeviceRowSchema>;

export const PLACED_SORTABLE = ['name', 'deviceKey', 'createdAt'] as const;

/** The devices without a location, paged. */
export const unlocatedRequestSchema = pageRequestSchema(
  {
    projectId: idFilter,
    typeCode: z.enum(DEVICE_TYPE_CODES).optional(),
    keyword: textFilter(50),
  },
  PLACED_SORTABLE,
);
export type UnlocatedRequest = z.input<typeof unlocatedRequestSchema>;

/** One coordinate and address for every device chosen (e.g. those on one pole). */
export const locateDevicesSchema = z
  .object({
    ids: idListSchema,
    longitude: longitudeField,
    latitude: latitudeField,
    address: optionalText(100),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.longitude === null)
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'longitude.format' });
    if (value.latitude === null)
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude.format' });
  });
export type LocateDevices = z.input<typeof locateDevicesSchema>;

export const deviceIdsSchema = z.object({ ids: idListSchema }).strict();

/** The counts of one area node (or of the devices in no area). */
export const areaCountsSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  /** Enabled devices not online (a disabled device counts as disabled, not offline). */
  offline: z.number().int(),
  disabled: z.number().int(),
  /** Devices with at least one open alarm. */
  alarming: z.number().int(),
});
export type AreaCounts = z.output<typeof areaCountsSchema>;

export const areaCountRowSchema = z.object({
  areaId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(AREA_TYPES),
  sortNum: z.number().int(),
  /** The devices of this node and of every node below it. */
  counts: areaCountsSchema,
});
export type AreaCountRow = z.output<typeof areaCountRowSchema>;

export const areaCountTreeSchema = z.object({
  /** Every area of the project, parents before children, siblings by sortNum then name. */
  areas: z.array(areaCountRowSchema),
  /** The project's devices in no area. */
  unassigned: areaCountsSchema,
  /** Every device of the project. */
  project: areaCountsSchema,
});
export type AreaCountTree = z.output<typeof areaCountTreeSchema>;

/** The devices of a project: of one area and the areas below it, or (`unassigned`) of none. */
export const areaDevicesRequestSchema = pageRequestSchema(
  {
    projectId: idSchema,
    areaId: idFilter,
    unassigned: z.boolean().default(false),
    online: onlineFilter,
    keyword: textFilter(50),
  },
  PLACED_SORTABLE,
);
export type AreaDevicesRequest = z.input<typeof areaDevicesRequestSchema>;

export const moveDevicesSchema = z.object({ ids: idListSchema, areaId: idSchema }).strict();
export type MoveDevices = z.input<typeof moveDevicesSchema>;

export const placementEndpoints = {
  map: postBody('/iot/placement/map', LOCATION_PAGE, placementMapRequestSchema, placementMapSchema),
  unlocated: postBody(
    '/iot/placement/unlocated',
    LOCATION_PAGE,
    unlocatedRequestSchema,
    pageSchema(placedDeviceRowSchema),
  ),
  /** Answers how many devices were placed. */
  locate: postBody('/iot/placement/locate', `${LOCATION_PAGE}_edit`, locateDevicesSchema, z.number().int()),
  clear: postBody('/iot/placement/clear', `${LOCATION_PAGE}_edit`, deviceIdsSchema, z.number().int()),
  areaCounts: defineEndpoint({
    method: 'GET',
    path: '/iot/placement/areaCounts',
    access: { kind: 'permission', code: DEVICE_AREA_PAGE },
    query: getQuery({ projectId: idSchema }),
    body: z.undefined(),
    data: areaCountTreeSchema,
  }),
  areaDevices: postBody(
    '/iot/placement/areaDevices',
    DEVICE_AREA_PAGE,
    areaDevicesRequestSchema,
    pageSchema(placedDeviceRowSchema),
  ),
  /** Answers how many devices moved. */
  move: postBody('/iot/placement/move', `${DEVICE_AREA_PAGE}_move`, moveDevicesSchema, z.number().int()),
} as const;
