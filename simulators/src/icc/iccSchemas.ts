import { z } from 'zod';

/** ICC bodies are `{ data: {...} }`; numbers usually travel as strings, and both are accepted. */
const text = z.union([z.string(), z.number()]).transform(String);
const digits = (min: number, max: number) =>
  text.pipe(z.string().regex(/^\d+$/)).transform(Number).pipe(z.number().int().min(min).max(max));
const channelId = z.string().min(1).max(64);

const wrapped = <T extends z.ZodRawShape>(shape: T) => z.object({ data: z.object(shape) });

export const startVideoSchema = wrapped({
  channelId,
  streamType: digits(1, 3).optional(),
  dataType: digits(1, 3).optional(),
  trackId: text.optional(),
  planId: text.optional(),
  keyCode: text.optional(),
});

/** Times are epoch seconds, as strings. recordSource 2 = device, 3 = platform. */
export const playbackByTimeSchema = wrapped({
  channelId,
  recordSource: digits(1, 3).optional(),
  startTime: digits(0, 4_102_444_800),
  endTime: digits(0, 4_102_444_800),
  streamType: digits(0, 3).optional(),
  recordType: digits(0, 9).optional(),
});

export const queryRecordsSchema = playbackByTimeSchema;

export const startTalkSchema = wrapped({
  channelId: channelId.optional(),
  deviceCode: channelId.optional(),
  channelSeq: text.optional(),
  talkType: digits(1, 2).optional(),
  audioBit: digits(16, 16).optional(),
  audioType: digits(0, 9).optional(),
  sampleRate: digits(8000, 16000)
    .pipe(z.union([z.literal(8000), z.literal(16000)]))
    .optional(),
});

export const stopTalkSchema = wrapped({
  channelId: channelId.optional(),
  deviceCode: channelId.optional(),
  session: text.optional(),
  channelSeq: text.optional(),
  talkType: digits(1, 2).optional(),
});

/** direct: 1 up, 2 down, 3 left, 4 right, 5 left-up, 6 left-down, 7 right-up, 8 right-down; command 1 start, 0 stop. */
export const operateDirectSchema = wrapped({
  channelId,
  direct: digits(1, 8),
  stepX: digits(1, 8).optional(),
  stepY: digits(1, 8).optional(),
  command: digits(0, 1),
  extend: text.optional(),
});

/** operateType 1 zoom, 2 focus, 3 iris; direct 1 increase, 2 decrease; command 1 start, 0 stop. */
export const operateCameraSchema = wrapped({
  channelId,
  operateType: digits(1, 3),
  direct: digits(1, 2),
  step: digits(1, 8).optional(),
  command: digits(0, 1),
  extend: text.optional(),
});

/** operateType 1 go to, 2 add (store the current position), 3 delete. */
export const operatePresetPointSchema = wrapped({
  channelId,
  presetPointCode: digits(1, 25),
  presetPointName: z.string().max(32).optional(),
  operateType: digits(1, 3),
});

export const getPresetPointsSchema = wrapped({ channelId });

export const channelPageSchema = z.object({
  pageNum: digits(1, 100_000).default(1),
  pageSize: digits(1, 1000).default(20),
});
