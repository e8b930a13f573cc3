/**
 * The alarm-box simulator: one-key alarm columns (device type 0801) that sign in to the
 * platform's MQTT broker like any device and speak the alarm column's protocol (contract
 * alarmbox/protocol.ts; on the wire: simulators/PROTOCOLS.md §5). A box can be pressed, rings until
 * answered, hung up or given up, sends a tone as its voice while a call is connected and records what
 * the platform plays on its speaker, so a test can prove audio both ways by its dominant frequency.
 */

export interface AlarmBoxSpec {
  deviceKey: string;
  secret: string;
  name?: string;
  /** This box's tone (Hz); the boxes' default otherwise. */
  toneHz?: number;
}

export interface AlarmBoxOptions {
  mqttUrl: string;
  boxes: AlarmBoxSpec[];
  /** Default tone of the box's "voice" (8 kHz s16le sine, 20 ms frames paced in real time): 1000 Hz. */
  toneHz?: number;
  /** The /_sim/alarmbox routes: -1 none (the default), 0 any free port. */
  adminPort?: number;
  /** Where the admin routes listen: 127.0.0.1. */
  host?: string;
  /** What the boxes read for `ts` and `lastFrameAt`; the timers run on real time. */
  clock?: { now(): number };
  /** Reconnect delay after a lost connection: from `minMs`, doubling up to `maxMs` (default 1 s .. 30 s). */
  backoff?: { minMs: number; maxMs: number };
  /** One line now and then (the broker refused a box, is not reachable yet); default silent. */
  log?: (line: string) => void;
}

export interface HeardAudio {
  frames: number;
  bytes: number;
  /** The strongest frequency of the last second heard (Hz), null for silence or nothing heard. */
  dominantHz: number | null;
  lastFrameAt: number | null;
}

export type AlarmBoxState = 'idle' | 'ringing' | 'inCall' | 'yelling';

export interface AlarmBoxView {
  deviceKey: string;
  connected: boolean;
  state: AlarmBoxState;
  /** The press being rung or talked on (null when idle or yelling). */
  callId: string | null;
  /** The platform's record of the call, from its `answer` (null before). */
  alarmId: number | null;
  /** Voice frames published in the current or last call. */
  sentFrames: number;
  /** What came on `speaker` in the current or last call or shout. */
  heard: HeardAudio;
}

export interface AlarmBoxes {
  /** Publishes `ring` (QoS 1); the box rings until answered or hung up. A ringing box answers its callId. */
  press(deviceKey: string): Promise<{ callId: string }>;
  /** The citizen ends the call (publishes `hangup`). */
  hangup(deviceKey: string): Promise<void>;
  view(deviceKey: string): AlarmBoxView;
  views(): AlarmBoxView[];
  /** Resolves when the box reaches the state (tests and scenarios), rejects after timeoutMs (default 10 s). */
  waitFor(deviceKey: string, state: AlarmBoxState, timeoutMs?: number): Promise<AlarmBoxView>;
  adminUrl: string | null;
  close(): Promise<void>;
}

export { startAlarmBoxes } from './boxes.js';
export { AlarmBoxError, ALARMBOX_REPLY_CODES, type AlarmBoxErrorCode } from './box.js';
export { runScenario, alarmScenarioSchema, type AlarmScenario, type ScenarioOutcome } from './scenario.js';
export { alarmBoxAdminRoutes } from './adminRoutes.js';
export { ToneSource, pcmSamples } from './tone.js';
export {
  alarmBoxSettingsSchema,
  readAlarmBoxSettings,
  runDemoAlarmBoxes,
  type AlarmBoxSettings,
} from './settings.js';
