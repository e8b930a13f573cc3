import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { z } from 'zod';
import {
  ALARM_RING_MAX_MS,
  CALL_SERVICE,
  callCommandParamsSchema,
  callTopic,
  deviceTopic,
  TALK_FRAME_MS,
  TALK_SAMPLE_RATE,
  type BoxCallPayload,
  type CallCommandParams,
  type ReplyPayload,
  type StatusPayload,
} from '@cityops/contract';
import type { Clock } from '../clock.js';
import { TalkStats } from '../talk/talkStats.js';
import { ToneSource } from './tone.js';
import type { AlarmBoxSpec, AlarmBoxState, AlarmBoxView, HeardAudio } from './index.js';

/** What a box answers a `$call` command with (simulators/PROTOCOLS.md §5.3). */
export const ALARMBOX_REPLY_CODES = {
  done: 0,
  unknownService: 1,
  invalidParams: 2,
  /** `answer` / `hangup` for a call the box is not ringing or talking on. */
  unknownCall: 3,
  /** The box is busy with something else (`yell` during a call, `yellEnd` during a call). */
  busy: 4,
} as const;

export type AlarmBoxErrorCode = 'unknownBox' | 'busy' | 'notInCall';

/** A press or hangup that does not fit the box's state, or a box that does not exist. */
export class AlarmBoxError extends Error {
  constructor(
    readonly code: AlarmBoxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const FIRMWARE = '1.0.0';
/** The citizen gives up a little after the platform should have ended an unanswered call. */
const GIVE_UP_GRACE_MS = 10_000;
/** How long `press` / `hangup` wait for the broker's PUBACK before resolving anyway. */
const ACK_WAIT_MS = 5_000;
/** After a stall longer than this (0.5 s), the voice skips ahead instead of bursting every frame it missed. */
const MAX_CATCH_UP_FRAMES = 25;

/** Any command on the `command` topic; `$call` is not a thing-model identifier, so not the contract's schema. */
const commandSchema = z.object({
  id: z.string().min(1).max(64),
  ts: z.number(),
  service: z.string(),
  params: z.unknown(),
});

export interface BoxContext {
  url: string;
  clock: Clock;
  toneHz: number;
  backoff: { minMs: number; maxMs: number };
  changed(): void;
  /** Something worth one line: the broker refused the box, or does not answer yet. */
  notice(kind: 'refused' | 'unreachable', deviceKey: string): void;
}

/** MQTT CONNACK codes of a refusal for credentials (3.1.1: 4, 5; 5.0: 134, 135). */
const REFUSAL_CODES = new Set([4, 5, 134, 135]);

/** One alarm column: its MQTT client, its call state, its voice and what it heard. */
export class AlarmBox {
  private client: MqttClient | null = null;
  private isConnected = false;
  private attempt = 0;
  private state: AlarmBoxState = 'idle';
  private callId: string | null = null;
  private alarmId: number | null = null;
  /** The call the box ended while offline: told to the platform when back. */
  private unsentHangup: string | null = null;
  private lastEndedCall: string | null = null;
  /** The current call's ring reached the broker (a call it never saw needs no hangup). */
  private ringOnWire = false;
  private sentFrames = 0;
  private heard: TalkStats | null = null;
  private heardCache: { frames: number; audio: HeardAudio } | null = null;
  private voiceTimer: NodeJS.Timeout | null = null;
  private ringTimer: NodeJS.Timeout | null = null;
  private readonly topics;

  constructor(
    readonly spec: AlarmBoxSpec,
    private readonly context: BoxContext,
  ) {
    const key = spec.deviceKey;
    this.topics = {
      status: deviceTopic(key, 'status'),
      command: deviceTopic(key, 'command'),
      reply: deviceTopic(key, 'reply'),
      call: callTopic(key, 'call'),
      voice: callTopic(key, 'voice'),
      speaker: callTopic(key, 'speaker'),
    };
  }

  get deviceKey() {
    return this.spec.deviceKey;
  }

  open() {
    const key = this.spec.deviceKey;
    const will: StatusPayload = { online: false };
    const client = mqtt.connect(this.context.url, {
      clientId: key,
      username: key,
      password: this.spec.secret,
      clean: true,
      keepalive: 30,
      connectTimeout: 10_000,
      reconnectPeriod: this.reconnectDelay(),
      reconnectOnConnackError: true,
      resubscribe: false,
      queueQoSZero: false,
      will: { topic: this.topics.status, payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => this.onConnect());
    client.on('close', () => this.setConnected(false));
    client.on('reconnect', () => {
      this.attempt += 1;
      client.options.reconnectPeriod = this.reconnectDelay();
    });
    // The client keeps trying with the backoff; a refusal or an absent broker is said once.
    client.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && REFUSAL_CODES.has(code)) this.context.notice('refused', key);
      else if (code === 'ECONNREFUSED') this.context.notice('unreachable', key);
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  private reconnectDelay() {
    const { minMs, maxMs } = this.context.backoff;
    const ms = Math.min(maxMs, minMs * 2 ** Math.min(this.attempt, 16));
    return Math.round(ms * (0.75 + Math.random() / 2));
  }

  private setConnected(connected: boolean) {
    if (this.isConnected === connected) return;
    this.isConnected = connected;
    this.context.changed();
  }

  private onConnect() {
    const client = this.client;
    if (!client) return;
    this.attempt = 0;
    client.options.reconnectPeriod = this.reconnectDelay();
    client.subscribe([this.topics.command, this.topics.speaker], { qos: 1 }, () => undefined);
    const status: StatusPayload = { online: true, firmware: FIRMWARE };
    client.publish(this.topics.status, JSON.stringify(status), { qos: 1, retain: true }, () => undefined);
    if (this.unsentHangup) {
      void this.publishCall('hangup', this.unsentHangup);
      this.unsentHangup = null;
    }
    // Back while ringing: ring again, with the same call id (the platform knows it already, or not yet).
    if (this.state === 'ringing' && this.callId) void this.ring(this.callId);
    this.setConnected(true);
  }

  /** Publishes on `call` (QoS 1) and waits for the PUBACK, at most ACK_WAIT_MS; false when offline. */
  private async publishCall(action: BoxCallPayload['action'], callId: string): Promise<boolean> {
    const client = this.client;
    if (!client || !client.connected) return false;
    const payload: BoxCallPayload = { action, callId, ts: this.context.clock.now() };
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<boolean>((resolve) => {
      client.publish(this.topics.call, JSON.stringify(payload), { qos: 1 }, (error) => resolve(!error));
    });
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ACK_WAIT_MS);
    });
    try {
      return await Promise.race([acked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async ring(callId: string) {
    if ((await this.publishCall('ring', callId)) && this.callId === callId) this.ringOnWire = true;
  }

  async press(): Promise<{ callId: string }> {
    if (this.state === 'ringing' && this.callId) return { callId: this.callId };
    if (this.state !== 'idle')
      throw new AlarmBoxError('busy', `${this.deviceKey} is ${this.state}; it can be pressed when idle`);
    const callId = randomUUID();
    this.callId = callId;
    this.alarmId = null;
    this.ringOnWire = false;
    this.setState('ringing');
    this.ringTimer = setTimeout(() => void this.giveUp(callId), ALARM_RING_MAX_MS + GIVE_UP_GRACE_MS);
    this.ringTimer.unref();
    // Offline: it rings as soon as the connection is back (onConnect).
    await this.ring(callId);
    return { callId };
  }

  async hangup(): Promise<void> {
    const callId = this.callId;
    if ((this.state !== 'ringing' && this.state !== 'inCall') || !callId)
      throw new AlarmBoxError('notInCall', `${this.deviceKey} is ${this.state}; there is no call to hang up`);
    const rang = this.ringOnWire;
    this.endCall();
    const told = await this.publishCall('hangup', callId);
    if (!told && !this.client?.connected && rang) this.unsentHangup = callId;
  }

  private async giveUp(callId: string) {
    if (this.state === 'ringing' && this.callId === callId) await this.hangup();
  }

  private setState(state: AlarmBoxState) {
    this.state = state;
    this.context.changed();
  }

  private endCall() {
    this.stopVoice();
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.ringTimer = null;
    this.lastEndedCall = this.callId;
    this.callId = null;
    this.alarmId = null;
    this.setState('idle');
  }

  private onMessage(topic: string, payload: Buffer) {
    if (topic === this.topics.speaker) {
      if (this.state === 'inCall' || this.state === 'yelling') this.heard?.receive(payload);
      return;
    }
    if (topic !== this.topics.command) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const command = commandSchema.safeParse(json);
    if (!command.success) return;
    const { id, service, params } = command.data;
    const answer = (code: number, msg: string) => this.reply({ id, code, msg });
    if (service !== CALL_SERVICE)
      return answer(ALARMBOX_REPLY_CODES.unknownService, `unknown service ${service}`.slice(0, 200));
    const call = callCommandParamsSchema.safeParse(params);
    if (!call.success) {
      const issue = call.error.issues[0];
      return answer(
        ALARMBOX_REPLY_CODES.invalidParams,
        `${issue?.path.join('.') || 'params'}: ${issue?.message ?? 'invalid'}`.slice(0, 200),
      );
    }
    const [code, msg] = this.run(call.data);
    answer(code, msg);
  }

  /** Carries out a `$call` command: the reply's code and message. */
  private run(command: CallCommandParams): [number, string] {
    const { done, unknownCall, busy } = ALARMBOX_REPLY_CODES;
    const current = command.callId !== undefined && command.callId === this.callId;
    switch (command.action) {
      case 'answer':
        if (this.state === 'inCall' && current) return [done, 'already answered'];
        if (this.state !== 'ringing' || !current)
          return [unknownCall, `not ringing for call ${command.callId ?? '(none)'}`];
        if (this.ringTimer) clearTimeout(this.ringTimer);
        this.ringTimer = null;
        this.alarmId = command.alarmId ?? null;
        this.listen();
        this.setState('inCall');
        this.startVoice();
        return [done, 'ok'];
      case 'hangup': {
        const byAlarm = command.alarmId !== undefined && command.alarmId === this.alarmId;
        if ((this.state === 'ringing' || this.state === 'inCall') && (current || byAlarm)) {
          this.endCall();
          return [done, 'ok'];
        }
        if (command.callId !== undefined && command.callId === this.lastEndedCall)
          return [done, 'already ended'];
        return [unknownCall, `no call ${command.callId ?? command.alarmId ?? '(none)'}`];
      }
      case 'yell':
        if (this.state === 'yelling') return [done, 'already yelling'];
        if (this.state !== 'idle') return [busy, `busy: ${this.state}`];
        this.callId = null;
        this.alarmId = null;
        this.listen();
        this.sentFrames = 0;
        this.setState('yelling');
        return [done, 'ok'];
      case 'yellEnd':
        if (this.state === 'yelling') {
          this.setState('idle');
          return [done, 'ok'];
        }
        if (this.state === 'idle') return [done, 'not yelling'];
        return [busy, `busy: ${this.state}`];
    }
  }

  private reply(payload: ReplyPayload) {
    const client = this.client;
    if (client?.connected)
      client.publish(this.topics.reply, JSON.stringify(payload), { qos: 1 }, () => undefined);
  }

  /** A new recording of the speaker for this call or shout. */
  private listen() {
    const heard = new TalkStats(this.context.clock);
    heard.opened(TALK_SAMPLE_RATE);
    this.heard = heard;
    this.heardCache = null;
  }

  /** The tone, one frame every 20 ms against the wall clock (QoS 0; lost while offline, like live audio). */
  private startVoice() {
    this.stopVoice();
    this.sentFrames = 0;
    const tone = new ToneSource(this.spec.toneHz ?? this.context.toneHz);
    const startedAt = performance.now();
    let slots = 0;
    const pump = () => {
      const due = Math.floor((performance.now() - startedAt) / TALK_FRAME_MS) + 1;
      if (due - slots > MAX_CATCH_UP_FRAMES) slots = due - MAX_CATCH_UP_FRAMES;
      for (; slots < due; slots += 1) {
        const frame = tone.next();
        const client = this.client;
        if (!client?.connected) continue;
        client.publish(this.topics.voice, frame, { qos: 0 });
        this.sentFrames += 1;
      }
    };
    pump();
    this.voiceTimer = setInterval(pump, TALK_FRAME_MS / 2);
  }

  private stopVoice() {
    if (this.voiceTimer) clearInterval(this.voiceTimer);
    this.voiceTimer = null;
  }

  private heardAudio(): HeardAudio {
    const heard = this.heard;
    if (!heard) return { frames: 0, bytes: 0, dominantHz: null, lastFrameAt: null };
    if (this.heardCache?.frames === heard.receivedFrames()) return this.heardCache.audio;
    const snapshot = heard.snapshot();
    const audio: HeardAudio = {
      frames: snapshot.frames,
      bytes: snapshot.bytes,
      dominantHz: snapshot.dominantHz ?? null,
      lastFrameAt: snapshot.lastFrameAt ?? null,
    };
    this.heardCache = { frames: snapshot.frames, audio };
    return audio;
  }

  view(): AlarmBoxView {
    return {
      deviceKey: this.deviceKey,
      connected: this.isConnected,
      state: this.state,
      callId: this.callId,
      alarmId: this.alarmId,
      sentFrames: this.sentFrames,
      heard: this.heardAudio(),
    };
  }

  async close() {
    this.stopVoice();
    if (this.ringTimer) clearTimeout(this.ringTimer);
    const client = this.client;
    this.client = null;
    // Abruptly, like a column losing power: the broker publishes its will.
    if (client) await client.endAsync(true).catch(() => undefined);
    this.setConnected(false);
  }
}
