import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { defineExport } from '../export.js';
import { postBody } from '../admin/endpointKit.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema } from '../admin/paging.js';
import {
  DEVICE_MANAGE_PAGE,
  DEVICE_PAGE,
  deviceFilterShape,
  deviceRowSchema,
  GATEWAY_CONTROL_PAGE,
  HISTORY_PAGE,
  REALTIME_PAGE,
  SWITCH_PAGE,
  WELL_LID_MONITOR_PAGE,
} from './devices.js';
import { identifierSchema } from './thingModel.js';
import { fieldRules } from '../fieldRules.js';
import { conditionHolds, RULE_OPERATORS } from '../alarms/rules.js';

/**
 * Telemetry, commands and threshold alarms: the latest values for instant reads, the
 * history of the last days, commands with their answers, and the alarms the rules raise.
 */

/** How long a command waits for the device's answer before it counts as timed out. */
export const COMMAND_TIMEOUT_MS = 10_000;

/** A telemetry value as stored and shown: numbers, switches, choices and text. */
export const telemetryValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type TelemetryValue = z.output<typeof telemetryValueSchema>;
export const telemetryValuesSchema = z.record(z.string(), telemetryValueSchema);

/** A device with its latest values (the realtime pages). */
export const liveDeviceSchema = deviceRowSchema.extend({
  values: telemetryValuesSchema,
  /** When the latest values were reported (ISO), null before the first report. */
  valuesAt: z.string().nullable(),
});
export type LiveDevice = z.output<typeof liveDeviceSchema>;

export const liveListRequestSchema = pageRequestSchema(deviceFilterShape, ['name', 'lastSeenAt'] as const);
export type LiveListRequest = z.input<typeof liveListRequestSchema>;

/**
 * The states of the well-lid monitor (abnormalMonitor): offline from the device's connection state;
 * tilted and low battery from its latest values, by the enabled threshold rules of its product on
 * the property (LID_STATE_PROPERTIES), the rules that raise its alarms; normal when none holds. A lid
 * can be in several at once. The server filters by them in SQL, the page tags rows with lidStatesOf.
 */
export const LID_STATES = ['normal', 'tilted', 'lowBattery', 'offline'] as const;
export type LidState = (typeof LID_STATES)[number];

/** The property whose threshold rules make each value state. */
export const LID_STATE_PROPERTIES = { tilted: 'tilt', lowBattery: 'battery' } as const;
export const LID_LIMIT_PROPERTIES = [LID_STATE_PROPERTIES.tilted, LID_STATE_PROPERTIES.lowBattery] as const;

/** A threshold rule of a lid's product on one of LID_LIMIT_PROPERTIES: the state holds while it is met. */
export const lidLimitSchema = z.object({
  identifier: z.enum(LID_LIMIT_PROPERTIES),
  operator: z.enum(RULE_OPERATORS),
  threshold: z.number(),
});
export type LidLimit = z.output<typeof lidLimitSchema>;

/** A device of the well-lid monitor: its latest values and the limits its states are read by. */
export const liveWellLidSchema = liveDeviceSchema.extend({ limits: z.array(lidLimitSchema) });
export type LiveWellLid = z.output<typeof liveWellLidSchema>;

/** The states of a lid (see LID_STATES), as the server's filter computes them. */
export function lidStatesOf(row: Pick<LiveWellLid, 'online' | 'values' | 'limits'>): LidState[] {
  const meets = (identifier: string) => {
    const value = row.values[identifier];
    return (
      typeof value === 'number' &&
      row.limits.some(
        (limit) => limit.identifier === identifier && conditionHolds(limit.operator, limit.threshold, value),
      )
    );
  };
  const states: LidState[] = [];
  if (!row.online) states.push('offline');
  if (meets(LID_STATE_PROPERTIES.tilted)) states.push('tilted');
  if (meets(LID_STATE_PROPERTIES.lowBattery)) states.push('lowBattery');
  return states.length === 0 ? ['normal'] : states;
}

export const wellLidListRequestSchema = pageRequestSchema(
  {
    ...deviceFilterShape,
    /** Only lids in this state (paging and total over the filtered devices). */
    lidState: z
      .enum(LID_STATES)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  },
  ['name', 'lastSeenAt'] as const,
);
export type WellLidListRequest = z.input<typeof wellLidListRequestSchema>;

const timeSchema = z.coerce.date();

export const historyRequestSchema = z
  .object({
    deviceId: idSchema,
    /** Properties to read; empty: all numeric properties of the product. */
    identifiers: z.array(identifierSchema).max(20).default([]),
    start: timeSchema,
    end: timeSchema,
  })
  .strict();
export type HistoryRequest = z.input<typeof historyRequestSchema>;

/** Points in time order: `t` is epoch milliseconds, `v` the values reported then. */
export const historySchema = z.object({
  deviceId: z.number().int(),
  points: z.array(z.object({ t: z.number(), v: telemetryValuesSchema })),
  /** True when the range held more points than one answer carries; the chart shows them thinned. */
  truncated: z.boolean(),
});
export type History = z.output<typeof historySchema>;
export const HISTORY_POINTS_MAX = 20_000;

export const COMMAND_STATES = ['sent', 'succeeded', 'failed', 'timeout', 'offline'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

export const sendCommandSchema = z
  .object({
    deviceIds: fieldRules.switchChoice,
    service: identifierSchema,
    params: z.record(z.string(), telemetryValueSchema).default({}),
  })
  .strict();
export type SendCommand = z.input<typeof sendCommandSchema>;

export const commandRowSchema = z.object({
  commandId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  service: z.string(),
  params: telemetryValuesSchema,
  state: z.enum(COMMAND_STATES),
  /** The device's answer: its code, message and data. */
  replyCode: z.number().int().nullable(),
  replyMessage: z.string(),
  replyData: telemetryValuesSchema.nullable(),
  sender: z.string(),
  sentAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type CommandRow = z.output<typeof commandRowSchema>;

export const commandListRequestSchema = pageRequestSchema(
  { deviceId: idFilter, projectId: idFilter, state: z.enum(COMMAND_STATES).optional() },
  ['sentAt'] as const,
);

/** Faults: telemetry the model refused, malformed payloads, unknown functions; counted, not stored as values. */
export const faultRowSchema = z.object({
  faultId: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceKey: z.string(),
  kind: z.enum(['malformed', 'unknownFunction', 'invalidValue', 'unknownDevice', 'rateLimited']),
  detail: z.string(),
  at: z.string(),
});
export type FaultRow = z.output<typeof faultRowSchema>;

export const telemetryEndpoints = {
  /** Devices of the filter with their latest values (realtime pages, switch and gateway control). */
  live: postBody(
    '/iot/telemetry/livePage',
    [REALTIME_PAGE, HISTORY_PAGE, GATEWAY_CONTROL_PAGE, DEVICE_MANAGE_PAGE],
    liveListRequestSchema,
    pageSchema(liveDeviceSchema),
  ),
  liveSwitches: postBody(
    '/iot/telemetry/switchPage',
    SWITCH_PAGE,
    liveListRequestSchema,
    pageSchema(liveDeviceSchema),
  ),
  /** Well lids, their base stations and repeaters, filtered by lid state (abnormalMonitor). */
  liveWellLids: postBody(
    '/iot/telemetry/wellLidPage',
    WELL_LID_MONITOR_PAGE,
    wellLidListRequestSchema,
    pageSchema(liveWellLidSchema),
  ),
  history: postBody('/iot/telemetry/history', HISTORY_PAGE, historyRequestSchema, historySchema),
  faults: defineEndpoint({
    method: 'GET',
    path: '/iot/telemetry/faults',
    access: permission(DEVICE_PAGE, DEVICE_MANAGE_PAGE),
    query: getQuery({ deviceId: idFilter }),
    body: z.undefined(),
    data: z.array(faultRowSchema),
  }),
} as const;

export const historyExport = defineExport({
  method: 'POST',
  path: '/iot/telemetry/history/export',
  access: permission('historyRecord_export'),
  query: noQuery,
  body: historyRequestSchema,
});

export const commandEndpoints = {
  /** Sends a service call to each device and waits (up to COMMAND_TIMEOUT_MS) for the answers. */
  send: postBody(
    '/iot/command/send',
    'smartSwitchControl_control',
    sendCommandSchema,
    z.array(commandRowSchema),
  ),
  sendGateway: postBody(
    '/iot/command/gateway/send',
    'manualControl_control',
    sendCommandSchema,
    z.array(commandRowSchema),
  ),
  page: postBody(
    '/iot/command/pageList',
    [DEVICE_PAGE, DEVICE_MANAGE_PAGE],
    commandListRequestSchema,
    pageSchema(commandRowSchema),
  ),
} as const;

/** The live socket (`{api}/push/telemetry`): the browser names the devices on its page. */
export const TELEMETRY_PUSH_PATH = '/push/telemetry';
/** The most devices one page socket follows (the telemetry push, the alarm feed): the largest page size. */
export const FOLLOW_DEVICES_MAX = 100;

/**
 * `follow`: the devices on a page, which a page socket (the telemetry push, the alarm feed) then tells
 * about; sent after each `ready` and whenever they change. An empty list follows none.
 */
export const followFrameSchema = z
  .object({ type: z.literal('follow'), deviceIds: z.array(idSchema).max(FOLLOW_DEVICES_MAX) })
  .strict();
export type FollowFrame = z.infer<typeof followFrameSchema>;

export const telemetryClientFrameSchema = z.union([
  z.object({ accessToken: z.string().min(1).max(512) }).strict(),
  followFrameSchema,
  z.object({ type: z.literal('ping') }).strict(),
]);
export type TelemetryClientFrame = z.infer<typeof telemetryClientFrameSchema>;

export const telemetryServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('values'),
    deviceId: z.number().int(),
    /** Epoch milliseconds of the report. */
    t: z.number(),
    values: telemetryValuesSchema,
  }),
  z.object({ type: z.literal('status'), deviceId: z.number().int(), online: z.boolean(), at: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type TelemetryServerFrame = z.infer<typeof telemetryServerFrameSchema>;
