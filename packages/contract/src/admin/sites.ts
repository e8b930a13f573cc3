import { z } from 'zod';
import { BUTTON_CODES } from './buttons.js';
import { deleteById, getById, postBody } from './endpointKit.js';
import {
  coordinatePair,
  latitudeField,
  longitudeField,
  namedText,
  optionalPersonName,
  optionalText,
  phoneField,
} from './fields.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';

/**
 * siteManage (站点管理): the places of a project, each optionally in one of its area
 * nodes, placed with the map picker and listed and shown on the map.
 */

/** The page code (the route table's code of /admin/siteManage). */
export const SITE = 'admin_siteManage';
export const SITE_BUTTONS = BUTTON_CODES.admin_siteManage;

/** The longest address a site keeps (a geocoded one is cut to it). */
export const SITE_ADDRESS_MAX = 100;

/** What the site form edits. The place is required; with an area it lies inside the area's outline. */
export const siteFieldsShape = {
  name: namedText(50),
  projectId: idSchema,
  /** An area node of the project; null: none. */
  areaId: idSchema.nullable().default(null),
  longitude: longitudeField,
  latitude: latitudeField,
  address: optionalText(SITE_ADDRESS_MAX),
  contact: optionalPersonName(50),
  contactPhone: phoneField,
  remarks: optionalText(200),
};

/** Both coordinates are required (§5's texts name the missing one). */
function placeRequired(value: { longitude: number | null; latitude: number | null }, ctx: z.RefinementCtx) {
  if (value.longitude === null && value.latitude === null) {
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'longitude.format' });
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude.format' });
  } else coordinatePair(value, ctx);
}

export const createSiteSchema = z.object(siteFieldsShape).strict().superRefine(placeRequired);
export type CreateSite = z.input<typeof createSiteSchema>;

export const updateSiteSchema = z
  .object({ siteId: idSchema, ...siteFieldsShape })
  .strict()
  .superRefine(placeRequired);
export type UpdateSite = z.input<typeof updateSiteSchema>;

export const siteRowSchema = z.object({
  siteId: z.number().int(),
  name: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  address: z.string(),
  contact: z.string(),
  contactPhone: z.string(),
  remarks: z.string(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiteRow = z.infer<typeof siteRowSchema>;

export const SITE_SORTABLE = ['name', 'createdAt'] as const;
export const siteFilterShape = {
  projectId: idFilter,
  areaId: idFilter,
  name: textFilter(50),
};
export const siteListRequestSchema = pageRequestSchema(siteFilterShape, SITE_SORTABLE);
export type SiteListRequest = z.input<typeof siteListRequestSchema>;

export const siteEndpoints = {
  /** Also the site choices of the device and installation-point forms (their pages' codes admit it). */
  page: postBody(
    '/sys/site/pageList',
    [SITE, 'devList', 'pointManagement'],
    siteListRequestSchema,
    pageSchema(siteRowSchema),
  ),
  find: getById('/sys/site/:id/find', SITE, siteRowSchema),
  create: postBody('/sys/site/insert', SITE_BUTTONS.add, createSiteSchema, siteRowSchema),
  update: postBody('/sys/site/update', SITE_BUTTONS.edit, updateSiteSchema, siteRowSchema),
  delete: deleteById('/sys/site/delete/:id', SITE_BUTTONS.delete),
} as const;
