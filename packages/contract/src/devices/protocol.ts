import { z } from 'zod';
import { identifierSchema } from './thingModel.js';
import { telemetryValueSchema } from './telemetry.js';

/**
 * The device protocol over MQTT, as `server/src/modules/iot/PROTOCOL.md` documents it
 * for device vendors. A device signs in with client id and user name = its device key and password =
 * its secret, and may publish and subscribe only under its own `cityops/devices/{deviceKey}/`.
 */
export const TOPIC_ROOT = 'cityops/devices';
export const TOPIC_KINDS = ['telemetry', 'event', 'reply', 'status', 'command', 'ota'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
/** What a device publishes; `command` is the one topic the platform publishes to. */
export const DEVICE_TOPIC_KINDS: readonly TopicKind[] = ['telemetry', 'event', 'reply', 'status', 'ota'];

export const deviceTopic = (deviceKey: string, kind: TopicKind) => `${TOPIC_ROOT}/${deviceKey}/${kind}`;

/** The device key and kind of a topic, or null when the topic is not one of the protocol's. */
export function parseDeviceTopic(topic: string): { deviceKey: string; kind: TopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  const [, , deviceKey, kind] = parts;
  if (!deviceKey || !(TOPIC_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { deviceKey, kind: kind as TopicKind };
}

/** The group name of the server's shared subscriptions on an external broker. */
export const SHARED_GROUP = 'cityops';

/** The largest payload accepted; larger ones are counted as malformed. */
export const PAYLOAD_MAX_BYTES = 16 * 1024;
/**
 * The largest MQTT packet (its remaining length) the embedded broker reads: a payload of
 * PAYLOAD_MAX_BYTES with room for its topic and header fields. A connection announcing a larger one
 * is closed before the packet is read, signed in or not.
 */
export const PACKET_MAX_BYTES = PAYLOAD_MAX_BYTES + 512;
/**
 * Reports (telemetry and events) one device may send: REPORT_BURST at once, refilled at
 * REPORTS_PER_SECOND; what comes beyond is acknowledged, not stored, and counted as a fault.
 */
export const REPORTS_PER_SECOND = 20;
export const REPORT_BURST = 200;

const messageId = z.string().min(1).max(64);
/** Epoch milliseconds; the server's receive time when missing. */
const timestamp = z.number().int().positive().optional();

export const telemetryPayloadSchema = z.object({
  id: messageId.optional(),
  ts: timestamp,
  values: z.record(identifierSchema, telemetryValueSchema),
});
export type TelemetryPayload = z.infer<typeof telemetryPayloadSchema>;

export const eventPayloadSchema = z.object({
  id: messageId.optional(),
  ts: timestamp,
  event: identifierSchema,
  params: z.record(identifierSchema, telemetryValueSchema).default({}),
});
export type EventPayload = z.infer<typeof eventPayloadSchema>;

export const commandPayloadSchema = z.object({
  id: messageId,
  ts: z.number().int().positive(),
  service: identifierSchema,
  params: z.record(identifierSchema, telemetryValueSchema),
});
export type CommandPayload = z.infer<typeof commandPayloadSchema>;

/** `code` 0: done; anything else: the device refused or failed, saying why in `msg`. */
export const replyPayloadSchema = z.object({
  id: messageId,
  code: z.number().int(),
  msg: z.string().max(200).default(''),
  data: z.record(identifierSchema, telemetryValueSchema).optional(),
});
export type ReplyPayload = z.infer<typeof replyPayloadSchema>;

/** Retained; the device's will message says `{"online": false}`. */
export const statusPayloadSchema = z.object({
  online: z.boolean(),
  firmware: z.string().max(50).optional(),
});
export type StatusPayload = z.infer<typeof statusPayloadSchema>;
