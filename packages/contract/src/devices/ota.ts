import { z } from 'zod';
import { DEVICE_SELECTION_MAX } from '../fieldRules.js';
import { defineEndpoint, getQuery, noParams, noQuery, permission, PUBLIC } from '../endpoint.js';
import { defineFile, defineUpload } from '../files.js';
import { BUTTON_CODES } from '../admin/buttons.js';
import { deleteById, emptyBody, getById, idParams, postBody } from '../admin/endpointKit.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema, textFilter } from '../admin/paging.js';

/**
 * Firmware upgrades over the air (page `upgrade`, 固件升级): firmware files per product,
 * and jobs that send one firmware to many devices with per-device progress and result. The protocol
 * part (the `$ota` command and the `ota` topic) is documented in server/src/modules/iot/PROTOCOL.md.
 */

export const UPGRADE_PAGE = 'upgrade';
export const UPGRADE_BUTTONS = BUTTON_CODES.upgrade;

// ---- protocol ----

/** The reserved service name of the upgrade command on a device's `command` topic. */
export const OTA_SERVICE = '$ota';
/** The `id` of every `$ota` command starts so; the device's reply carries it back. */
export const OTA_MESSAGE_PREFIX = 'ota-';

/** The platform's `$ota` command: which job, the version, and where and what to download. */
export const otaCommandParamsSchema = z.object({
  job: z.number().int().positive(),
  version: z.string().min(1).max(50),
  /** An absolute HTTP(S) URL with a token authorising this device alone, for a limited time. */
  url: z.string().min(1).max(2000),
  size: z.number().int().positive(),
  /** SHA-256 of the file, lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type OtaCommandParams = z.output<typeof otaCommandParamsSchema>;

export const otaCommandSchema = z.object({
  id: z.string().min(1).max(64),
  ts: z.number().int().positive(),
  service: z.literal(OTA_SERVICE),
  params: otaCommandParamsSchema,
});
export type OtaCommand = z.output<typeof otaCommandSchema>;

/** What a device reports on its `ota` topic while it upgrades. */
export const OTA_PROGRESS_STATES = ['downloading', 'installing', 'succeeded', 'failed'] as const;
export type OtaProgressState = (typeof OTA_PROGRESS_STATES)[number];
export const otaProgressSchema = z.object({
  job: z.number().int().positive(),
  state: z.enum(OTA_PROGRESS_STATES),
  progress: z.number().int().min(0).max(100).default(0),
  msg: z.string().max(200).default(''),
});
export type OtaProgress = z.output<typeof otaProgressSchema>;

// ---- states ----

export const UPGRADE_JOB_STATES = ['running', 'finished', 'cancelled'] as const;
export type UpgradeJobState = (typeof UPGRADE_JOB_STATES)[number];
export const UPGRADE_TARGET_STATES = [
  'pending',
  'sent',
  'downloading',
  'installing',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type UpgradeTargetState = (typeof UPGRADE_TARGET_STATES)[number];
/** A target in one of these is still under way (at most one such target per device). */
export const UNFINISHED_TARGET_STATES: readonly UpgradeTargetState[] = [
  'pending',
  'sent',
  'downloading',
  'installing',
];

// ---- firmware ----

/** §5 uploads: a firmware file of at most 64 MB. */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
export const FIRMWARE_FILE_FIELD = 'file';
export const FIRMWARE_VERSION_MAX = 50;
export const FIRMWARE_NOTES_MAX = 500;

export const firmwareVersionSchema = z
  .string()
  .trim()
  .min(1, 'firmware.versionRequired')
  .max(FIRMWARE_VERSION_MAX, 'firmware.versionFormat')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'firmware.versionFormat');

/** The upload form's fields (multipart, before the file). */
export const uploadFirmwareSchema = z
  .object({
    productId: idSchema,
    version: firmwareVersionSchema,
    notes: z.string().trim().max(FIRMWARE_NOTES_MAX).default(''),
  })
  .strict();
export type UploadFirmware = z.input<typeof uploadFirmwareSchema>;

export const firmwareRowSchema = z.object({
  firmwareId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** The product's English name ('' when it has none): show with productNameOf. */
  productNameEn: z.string(),
  version: z.string(),
  notes: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  checksum: z.string(),
  editor: z.string(),
  createdAt: z.string(),
});
export type FirmwareRow = z.output<typeof firmwareRowSchema>;

export const firmwareListRequestSchema = pageRequestSchema(
  { productId: idFilter, version: textFilter(FIRMWARE_VERSION_MAX) },
  ['createdAt', 'version'],
);
export type FirmwareListRequest = z.input<typeof firmwareListRequestSchema>;

// ---- jobs ----

export const UPGRADE_JOB_NAME_MAX = 50;
/** One job reaches at most one selection of devices (§5). */
export const UPGRADE_JOB_DEVICES_MAX = DEVICE_SELECTION_MAX;
export const UPGRADE_TIMEOUT_MIN = 30;
export const UPGRADE_TIMEOUT_MAX = 7 * 24 * 3600;
export const UPGRADE_TIMEOUT_DEFAULT = 600;

/**
 * A new job: the devices either by id (`deviceIds`) or all devices of the firmware's product in a
 * project (`projectId`). Exactly one of the two.
 */
export const createUpgradeJobSchema = z
  .object({
    name: z.string().trim().min(1, 'upgrade.nameRequired').max(UPGRADE_JOB_NAME_MAX),
    firmwareId: idSchema,
    deviceIds: z.array(idSchema).min(1).max(UPGRADE_JOB_DEVICES_MAX).optional(),
    projectId: idSchema.optional(),
    timeoutSeconds: z.coerce
      .number()
      .int()
      .min(UPGRADE_TIMEOUT_MIN)
      .max(UPGRADE_TIMEOUT_MAX)
      .default(UPGRADE_TIMEOUT_DEFAULT),
  })
  .strict()
  .refine((job) => (job.deviceIds === undefined) !== (job.projectId === undefined), {
    message: 'upgrade.devicesRequired',
    path: ['deviceIds'],
  });
export type CreateUpgradeJob = z.input<typeof createUpgradeJobSchema>;

export const upgradeCountsSchema = z.object(
  Object.fromEntries(UPGRADE_TARGET_STATES.map((state) => [state, z.number().int()])) as Record<
    UpgradeTargetState,
    z.ZodNumber
  >,
);
export type UpgradeCounts = z.output<typeof upgradeCountsSchema>;

export const upgradeJobRowSchema = z.object({
  jobId: z.number().int(),
  name: z.string(),
  firmwareId: z.number().int(),
  version: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** The product's English name ('' when it has none): show with productNameOf. */
  productNameEn: z.string(),
  state: z.enum(UPGRADE_JOB_STATES),
  timeoutSeconds: z.number().int(),
  editor: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  counts: upgradeCountsSchema,
  /** Mean progress over the targets, 0-100. */
  progress: z.number().int(),
});
export type UpgradeJobRow = z.output<typeof upgradeJobRowSchema>;

/** A device left out of a job, and why (a contract text key with its values). */
export const upgradeRefusalSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  reason: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type UpgradeRefusal = z.output<typeof upgradeRefusalSchema>;

export const upgradeJobResultSchema = z.object({
  job: upgradeJobRowSchema,
  /** Devices not added, row by row (already upgrading, another product, not visible...). */
  refused: z.array(upgradeRefusalSchema),
});
export type UpgradeJobResult = z.output<typeof upgradeJobResultSchema>;

export const upgradeJobListRequestSchema = pageRequestSchema(
  { name: textFilter(UPGRADE_JOB_NAME_MAX), state: z.enum(UPGRADE_JOB_STATES).optional() },
  ['createdAt'],
);
export type UpgradeJobListRequest = z.input<typeof upgradeJobListRequestSchema>;

export const upgradeTargetRowSchema = z.object({
  jobId: z.number().int(),
  deviceId: z.number().int(),
  deviceKey: z.string(),
  deviceName: z.string(),
  projectId: z.number().int(),
  online: z.boolean(),
  /** The device's firmware now (the new version once it succeeded). */
  firmwareVersion: z.string(),
  fromVersion: z.string(),
  state: z.enum(UPGRADE_TARGET_STATES),
  progress: z.number().int(),
  message: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type UpgradeTargetRow = z.output<typeof upgradeTargetRowSchema>;

export const upgradeTargetListRequestSchema = pageRequestSchema(
  { jobId: idSchema, state: z.enum(UPGRADE_TARGET_STATES).optional() },
  ['updatedAt'],
);
export type UpgradeTargetListRequest = z.input<typeof upgradeTargetListRequestSchema>;

export const firmwareEndpoints = {
  page: postBody(
    '/iot/firmware/pageList',
    UPGRADE_PAGE,
    firmwareListRequestSchema,
    pageSchema(firmwareRowSchema),
  ),
  /** multipart/form-data: productId, version, notes, then the file as `file`. */
  upload: defineUpload({
    method: 'POST',
    path: '/iot/firmware/upload',
    access: permission(UPGRADE_BUTTONS.upload),
    query: noQuery,
    body: uploadFirmwareSchema,
    data: firmwareRowSchema,
    upload: { field: FIRMWARE_FILE_FIELD, maxBytes: FIRMWARE_MAX_BYTES },
  }),
  delete: deleteById('/iot/firmware/delete/:id', UPGRADE_BUTTONS.delete),
} as const;

export const upgradeJobEndpoints = {
  page: postBody(
    '/iot/upgrade/job/pageList',
    UPGRADE_PAGE,
    upgradeJobListRequestSchema,
    pageSchema(upgradeJobRowSchema),
  ),
  find: getById('/iot/upgrade/job/:id', UPGRADE_PAGE, upgradeJobRowSchema),
  targets: postBody(
    '/iot/upgrade/job/targets',
    UPGRADE_PAGE,
    upgradeTargetListRequestSchema,
    pageSchema(upgradeTargetRowSchema),
  ),
  create: postBody(
    '/iot/upgrade/job/insert',
    UPGRADE_BUTTONS.create,
    createUpgradeJobSchema,
    upgradeJobResultSchema,
  ),
  /** Pending and sent targets become cancelled; devices already downloading or installing go on. */
  cancel: defineEndpoint({
    method: 'POST',
    path: '/iot/upgrade/job/:id/cancel',
    params: idParams,
    access: permission(UPGRADE_BUTTONS.cancel),
    query: noQuery,
    body: emptyBody,
    data: upgradeJobRowSchema,
  }),
  /** The failed targets go again (those whose device is not in another upgrade meanwhile). */
  retry: defineEndpoint({
    method: 'POST',
    path: '/iot/upgrade/job/:id/retry',
    params: idParams,
    access: permission(UPGRADE_BUTTONS.create),
    query: noQuery,
    body: emptyBody,
    data: upgradeJobResultSchema,
  }),
} as const;

/**
 * The firmware file as a device downloads it: no session, the `token` of its `$ota` command
 * authorises that device, for that job, until it expires.
 */
export const otaDownload = defineFile({
  path: '/iot/ota/download',
  params: noParams,
  access: PUBLIC,
  query: getQuery({ token: z.string().min(1).max(1000) }),
});
