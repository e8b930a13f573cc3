import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../fieldRules.js';
import { defineEndpoint, getQuery, noQuery, permission, PUBLIC } from '../endpoint.js';
import { defineFile, defineUpload } from '../files.js';
import { BUTTON_CODES } from './buttons.js';
import { idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';

/**
 * editionService (版本服务): the versions of the client apps the platform hands out. An
 * administrator publishes a package (platform, version, notes, force flag) and clients ask the public
 * `latest` call whether to update, then download the package.
 */

export const EDITION_SERVICE = 'editionService';
export const EDITION_BUTTONS = BUTTON_CODES.editionService;

export const EDITION_PLATFORMS = ['android', 'ios', 'windows', 'macos', 'linux'] as const;
export type EditionPlatform = (typeof EDITION_PLATFORMS)[number];
export const editionPlatformSchema = z.enum(EDITION_PLATFORMS, { error: 'edition.platformUnknown' });

/** The text key of a platform's label (zh and en in the catalogue). */
export const platformLabelKey = (platform: EditionPlatform) => `edition.platform.${platform}` as const;

/** An installation package: at most 100 MB (platform-shell.md §5, "100M"). */
export const EDITION_PACKAGE_MAX_BYTES = UPLOAD_MAX_BYTES.package;
export const EDITION_NOTES_MAX = 2000;
export const EDITION_FILE_NAME_MAX = 200;
/** The form's part that carries the package. */
export const EDITION_FILE_FIELD = 'file';

/** `1.2.3` or `1.2.3.4`: numbers without leading zeros, at most nine digits each. */
const VERSION = /^(?:0|[1-9]\d{0,8})(?:\.(?:0|[1-9]\d{0,8})){2,3}$/u;
export const VERSION_MAX = 39;

export const isVersion = (text: string) => VERSION.test(text);

/** A version's numbers, four of them (`1.2.3` is `1.2.3.0`), the order versions compare in. */
export function versionParts(version: string): [number, number, number, number] {
  const [a = 0, b = 0, c = 0, d = 0] = version.split('.').map(Number);
  return [a, b, c, d];
}

/** Numeric order of two versions: negative when `a` is older, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < left.length; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export const versionField = z.string().trim().max(VERSION_MAX, 'edition.versionFormat').refine(isVersion, {
  message: 'edition.versionFormat',
});

const notesField = z.string().trim().max(EDITION_NOTES_MAX, 'edition.notesTooLong').default('');

/** A flag from JSON (a boolean) or from a form field ('true'/'false', '1'/'0'). */
const flagField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .default(false)
  .transform((value) => value === true || value === 'true' || value === '1');

/** The form's fields of a publication (multipart text fields, before the file). */
export const publishEditionSchema = z
  .object({
    platform: editionPlatformSchema,
    version: versionField,
    notes: notesField,
    forceUpdate: flagField,
  })
  .strict();
export type PublishEdition = z.input<typeof publishEditionSchema>;

/** What can change once published: the package and its version cannot (publish a new one). */
export const updateEditionSchema = z
  .object({ editionId: idSchema, notes: notesField, forceUpdate: flagField })
  .strict();
export type UpdateEdition = z.input<typeof updateEditionSchema>;

export const editionRowSchema = z.object({
  editionId: z.number().int(),
  platform: z.enum(EDITION_PLATFORMS),
  version: z.string(),
  notes: z.string(),
  forceUpdate: z.boolean(),
  /** The name the package was uploaded with (shown and offered when saving; never a path on the server). */
  fileName: z.string(),
  fileSize: z.number().int(),
  /** SHA-256 of the package, lower-case hex. */
  checksum: z.string(),
  publisher: z.string(),
  publishTime: z.string(),
  updateTime: z.string(),
  /** Downloads through the public call (what clients fetched). */
  downloads: z.number().int(),
});
export type EditionRow = z.infer<typeof editionRowSchema>;

export const EDITION_SORTABLE = ['version', 'publishTime', 'fileSize', 'downloads'] as const;
export const editionFilterShape = {
  platform: editionPlatformSchema.optional(),
  version: textFilter(VERSION_MAX),
};
export const editionListRequestSchema = pageRequestSchema(editionFilterShape, EDITION_SORTABLE);
export type EditionListRequest = z.input<typeof editionListRequestSchema>;

const editionIdParams = z.object({ id: idSchema }).strict();

/** The public answer of `latest`: the newest version of a platform, or null when none is published. */
export const latestEditionSchema = editionRowSchema
  .pick({
    editionId: true,
    platform: true,
    version: true,
    notes: true,
    forceUpdate: true,
    fileName: true,
    fileSize: true,
    checksum: true,
    publishTime: true,
  })
  .extend({
    /** The public download of the package, under the API's address (`/api/sys/edition/{id}/package`). */
    downloadUrl: z.string(),
    /** The latest version is newer than `current` (always, when `current` is not given). */
    hasUpdate: z.boolean(),
    /** A version newer than `current` is marked force-update: the client must update. */
    mustUpdate: z.boolean(),
  })
  .nullable();
export type LatestEdition = z.infer<typeof latestEditionSchema>;

export const latestEditionQuerySchema = getQuery({
  platform: editionPlatformSchema,
  current: versionField.optional(),
});

export const editionEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/edition/pageList',
    access: permission(EDITION_SERVICE),
    query: noQuery,
    body: editionListRequestSchema,
    data: pageSchema(editionRowSchema),
  }),
  /** multipart/form-data: platform, version, notes, forceUpdate, then the package as `file`. */
  publish: defineUpload({
    method: 'POST',
    path: '/sys/edition/insert',
    access: permission(EDITION_BUTTONS.add),
    query: noQuery,
    body: publishEditionSchema,
    data: editionRowSchema,
    upload: { field: EDITION_FILE_FIELD, maxBytes: EDITION_PACKAGE_MAX_BYTES },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/edition/update',
    access: permission(EDITION_BUTTONS.edit),
    query: noQuery,
    body: updateEditionSchema,
    data: editionRowSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/edition/delete/:id',
    params: editionIdParams,
    access: permission(EDITION_BUTTONS.delete),
    query: noQuery,
    body: z.object({}).strict().optional(),
    data: z.null(),
  }),
  /** Public (no sign-in): what a client asks at start. */
  latest: defineEndpoint({
    method: 'GET',
    path: '/sys/edition/latest',
    access: PUBLIC,
    query: latestEditionQuerySchema,
    body: z.undefined(),
    data: latestEditionSchema,
  }),
} as const;

/** The package of a version, for the administration page (not counted as a download). */
export const editionDownload = defineFile({
  path: '/sys/edition/:id/download',
  params: editionIdParams,
  access: permission(EDITION_SERVICE),
  query: getQuery(),
});

/** The package of a version, public: what clients fetch (counted in the row's downloads). */
export const editionPackage = defineFile({
  path: '/sys/edition/:id/package',
  params: editionIdParams,
  access: PUBLIC,
  query: getQuery(),
});
