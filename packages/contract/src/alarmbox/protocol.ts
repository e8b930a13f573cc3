import { z } from 'zod';
import { TOPIC_ROOT } from '../devices/protocol.js';

/**
 * What an alarm column (device type 0801) says over MQTT besides the device protocol every device
 * speaks (devices/protocol.ts; documented for vendors in server/src/modules/iot/PROTOCOL.md, "Alarm
 * columns"). It signs in like any device (device key, secret) and:
 *
 * - publishes `cityops/devices/{key}/call` (JSON, QoS 1) when the button is pressed (`ring`) and when
 *   the citizen ends the call or gives up (`hangup`);
 * - publishes `cityops/devices/{key}/voice` (binary, QoS 0): its microphone, 8 kHz mono s16le PCM in
 *   20 ms frames, while a call or a shout is connected;
 * - subscribes to `cityops/devices/{key}/speaker` (binary, QoS 0): what it must play, the same format;
 * - receives the reserved `$call` service on its `command` topic: `answer` (stop ringing, open the
 *   audio), `hangup` (the operator ended it, or nobody answered), `yell` / `yellEnd` (an operator
 *   shouts through the speaker without a call); it replies on `reply` as for any command.
 */

export const CALL_TOPIC_KINDS = ['call', 'voice', 'speaker'] as const;
export type CallTopicKind = (typeof CALL_TOPIC_KINDS)[number];
export const callTopic = (deviceKey: string, kind: CallTopicKind) => `${TOPIC_ROOT}/${deviceKey}/${kind}`;

/** The box's own call id (it may press again after hanging up); the platform answers with its alarm id. */
export const boxCallPayloadSchema = z.object({
  action: z.enum(['ring', 'hangup']),
  /** The box's id of this press, echoed in its hangup; 1..64 characters. */
  callId: z.string().min(1).max(64),
  /** Epoch ms of the press or hangup on the box's clock; the server's receive time when missing. */
  ts: z.number().int().positive().optional(),
});
export type BoxCallPayload = z.infer<typeof boxCallPayloadSchema>;

export const CALL_SERVICE = '$call';
/** The `$call` command's params. `alarmId` names the platform's record (none for `yell`/`yellEnd`). */
export const callCommandParamsSchema = z.object({
  action: z.enum(['answer', 'hangup', 'yell', 'yellEnd']),
  alarmId: z.number().int().optional(),
  /** The box's callId the command is about (answer, hangup). */
  callId: z.string().max(64).optional(),
});
export type CallCommandParams = z.infer<typeof callCommandParamsSchema>;
