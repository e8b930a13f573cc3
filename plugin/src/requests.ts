import {
  PLUGIN_CODE,
  pluginPlaybackItemSchema,
  pluginPreviewItemSchema,
  pluginRequestParams,
  pluginRequestSchema,
  type PluginAnswer,
  type PluginMethod,
} from '@cityops/contract';
import type { z } from 'zod';
import { PluginFailure, type Say } from './texts.js';

/** A request whose parameters passed their method's schema. */
export type PluginCall = {
  [M in PluginMethod]: { id: string; method: M; params: z.output<(typeof pluginRequestParams)[M]> };
}[PluginMethod];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof key === 'symbol' || (!isRecord(current) && !Array.isArray(current))) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** The msg naming the first field that failed: missing, or invalid with zod's rule. */
function issueMessage(error: z.ZodError, input: unknown, prefix: string, say: Say): string {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const field = [prefix, ...path.map((key) => (typeof key === 'number' ? `[${key}]` : String(key)))]
    .filter((part) => part.length > 0)
    .join('.')
    .replace(/\.\[/g, '[');
  if (valueAt(input, path) === undefined) return say('request.missingField', { field: field || prefix });
  return say('request.invalidField', { field: field || prefix, rule: issue?.message ?? '' });
}

const badRequest = (id: string, msg: string): PluginAnswer => ({ id, code: PLUGIN_CODE.BAD_REQUEST, msg });

/** One text frame of the socket: the call, or the answer that says what is wrong with it (id '' when it has none). */
export function parseFrame(frame: string, say: Say): { call: PluginCall } | { answer: PluginAnswer } {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return { answer: badRequest('', say('videoPlugin.notJson')) };
  }
  const rawId = isRecord(json) ? json.id : undefined;
  const id = typeof rawId === 'string' && rawId.length > 0 && rawId.length <= 64 ? rawId : '';
  const request = pluginRequestSchema.safeParse(json);
  if (!request.success) {
    const method = isRecord(json) ? json.method : undefined;
    const unknownMethod = typeof method === 'string' && !Object.hasOwn(pluginRequestParams, method);
    const msg = unknownMethod
      ? say('videoPlugin.unknownMethod', { method: method.slice(0, 64) })
      : issueMessage(request.error, json, '', say);
    return { answer: badRequest(id, msg) };
  }
  const { method } = request.data;
  const input = request.data.params ?? {};
  const params = pluginRequestParams[method].safeParse(input);
  if (!params.success) return { answer: badRequest(id, issueMessage(params.error, input, 'params', say)) };
  return { call: { id, method, params: params.data } as PluginCall };
}

type Kind = 'preview' | 'playback';
const itemSchemas = { preview: pluginPreviewItemSchema, playback: pluginPlaybackItemSchema } as const;
export type CamListItem<K extends Kind> = z.output<(typeof itemSchemas)[K]>;

/**
 * camList entries, each checked with its schema. A missing camera code or time stamp gets the
 * spec's text (第N个缺失监控的编号, 第N个缺失录像查询开始/结束时间戳); other faults name the field.
 */
export function parseCamList<K extends Kind>(
  kind: K,
  camList: readonly unknown[],
  say: Say,
): CamListItem<K>[] {
  const items: CamListItem<K>[] = [];
  const windows = new Set<number>();
  camList.forEach((entry, index) => {
    const n = index + 1;
    const fields = isRecord(entry) ? entry : {};
    const fail = (msg: string) => {
      throw new PluginFailure(PLUGIN_CODE.BAD_REQUEST, msg);
    };
    if (fields.cameraIndexCode === undefined || fields.cameraIndexCode === '')
      fail(say('videoPlugin.missingCameraCode', { n }));
    if (kind === 'playback' && fields.startTimeStamp === undefined)
      fail(say('videoPlugin.missingStartTime', { n }));
    if (kind === 'playback' && fields.endTimeStamp === undefined)
      fail(say('videoPlugin.missingEndTime', { n }));
    const item = itemSchemas[kind].safeParse(entry);
    if (!item.success) return fail(issueMessage(item.error, entry, `camList[${index}]`, say));
    if (windows.has(item.data.wndId)) fail(say('videoPlugin.repeatedWindow', { n, wndId: item.data.wndId }));
    windows.add(item.data.wndId);
    items.push(item.data as CamListItem<K>);
  });
  return items;
}
