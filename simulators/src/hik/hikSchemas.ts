import { z } from 'zod';

/** Artemis clients send numbers, some send them as strings; both are accepted. */
const integer = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const code = z.string().min(1).max(64);

export const previewUrlsSchema = z.object({
  cameraIndexCode: code,
  streamType: integer.pipe(z.number().min(0).max(2)).optional(),
  protocol: z.string().optional(),
  transmode: integer.pipe(z.number().min(0).max(1)).optional(),
  expand: z.string().optional(),
  streamform: z.string().optional(),
});

export const playbackUrlsSchema = z.object({
  cameraIndexCode: code,
  recordLocation: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.enum(['0', '1']))
    .optional(),
  protocol: z.string().optional(),
  transmode: integer.pipe(z.number().min(0).max(1)).optional(),
  beginTime: z.string(),
  endTime: z.string(),
  uuid: z.string().optional(),
  expand: z.string().optional(),
  streamform: z.string().optional(),
  lockType: integer.pipe(z.number().min(0).max(2)).optional(),
});

export const talkUrlsSchema = z.object({
  cameraIndexCode: code,
  protocol: z.string().optional(),
  transmode: integer.pipe(z.number().min(0).max(1)).optional(),
  expand: z.string().optional(),
  eurlExpand: z.string().optional(),
});

export const ptzCommands = [
  'LEFT',
  'RIGHT',
  'UP',
  'DOWN',
  'LEFT_UP',
  'LEFT_DOWN',
  'RIGHT_UP',
  'RIGHT_DOWN',
  'ZOOM_IN',
  'ZOOM_OUT',
  'FOCUS_NEAR',
  'FOCUS_FAR',
  'IRIS_ENLARGE',
  'IRIS_REDUCE',
  'GOTO_PRESET',
] as const;

export const ptzControlSchema = z.object({
  cameraIndexCode: code,
  action: integer.pipe(z.number().min(0).max(1)),
  command: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(ptzCommands)),
  speed: integer.pipe(z.number().min(1).max(100)).optional(),
  presetIndex: integer.optional(),
});

export const presetAdditionSchema = z.object({
  cameraIndexCode: code,
  presetName: z.string().min(1).max(32),
  presetIndex: integer,
});

export const presetDeletionSchema = z.object({ cameraIndexCode: code, presetIndex: integer });
export const presetSearchSchema = z.object({ cameraIndexCode: code });

export const cameraPageSchema = z.object({
  pageNo: integer.pipe(z.number().min(1)).default(1),
  pageSize: integer.pipe(z.number().min(1).max(1000)).default(20),
});

export const onlineStatusSchema = cameraPageSchema.extend({ indexCodes: z.array(code).optional() });
