import { afterEach, describe, expect, it } from 'vitest';
import {
  boxCallPayloadSchema,
  CALL_SERVICE,
  replyPayloadSchema,
  statusPayloadSchema,
  TALK_FRAME_BYTES,
  TALK_SAMPLE_RATE,
  type CallCommandParams,
} from '@cityops/contract';
import { demoDeviceSecret } from '../fleet/secret.js';
import { startTestBroker, type RecordedMessage, type TestBroker } from '../fleet/testBroker.js';
import { dominantFrequency } from '../talk/dominantFrequency.js';
import { ALARMBOX_REPLY_CODES } from './box.js';
import { startAlarmBoxes, type AlarmBoxes, type AlarmBoxOptions } from './index.js';
import { runScenario } from './scenario.js';
import { pcmSamples, ToneSource } from './tone.js';

/**
 * The alarm columns against a real MQTT broker (aedes in this process, checking each box's demo secret)
 * with real mqtt clients: ringing, answering, audio both ways by dominant frequency, hang-ups from either
 * side, shouts, replies to every `$call`, and ringing again after a broker outage.
 */

const BOX = 'alarmbox-00001';
const OTHER = 'alarmbox-00002';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let broker: TestBroker | null = null;
let boxes: AlarmBoxes | null = null;
afterEach(async () => {
  await boxes?.close();
  await broker?.close();
  boxes = null;
  broker = null;
});

async function start(options: Partial<AlarmBoxOptions> = {}) {
  const started = await startTestBroker();
  broker = started;
  const running = await startAlarmBoxes({
    mqttUrl: started.url,
    boxes: [BOX, OTHER].map((deviceKey) => ({ deviceKey, secret: demoDeviceSecret(deviceKey) })),
    backoff: { minMs: 100, maxMs: 400 },
    ...options,
  });
  boxes = running;
  await until(() => running.views().every((view) => view.connected));
  return { broker: started, boxes: running };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(20);
  }
}

let commandNumber = 0;
/** Sends a `$call` command as the platform would and returns the box's reply. */
async function call(broker: TestBroker, deviceKey: string, params: CallCommandParams) {
  commandNumber += 1;
  const id = `cmd-${commandNumber}`;
  await broker.command(deviceKey, { id, ts: Date.now(), service: CALL_SERVICE, params });
  const message = await broker.waitFor(
    (candidate) =>
      candidate.deviceKey === deviceKey &&
      candidate.kind === 'reply' &&
      candidate.payload.includes(`"${id}"`),
  );
  return replyPayloadSchema.parse(JSON.parse(message.payload));
}

const callsOf = (broker: TestBroker, deviceKey: string) =>
  broker.of(deviceKey, 'call').map((raw) => boxCallPayloadSchema.parse(raw));
/** The box's `call` messages once there are `count` (the broker records them just after its PUBACK). */
async function callsSoon(broker: TestBroker, deviceKey: string, count: number) {
  await until(() => callsOf(broker, deviceKey).length >= count);
  return callsOf(broker, deviceKey);
}
const voiceOf = (broker: TestBroker, deviceKey: string): RecordedMessage[] =>
  broker.messages.filter((message) => message.deviceKey === deviceKey && message.kind === 'voice');

/** Plays a tone to the box's speaker at 50 frames a second for `ms`. */
async function playToSpeaker(broker: TestBroker, deviceKey: string, hz: number, ms: number) {
  const tone = new ToneSource(hz);
  const started = performance.now();
  for (let sent = 0; sent < ms / 20; sent += 1) {
    await broker.speaker(deviceKey, tone.next());
    const wait = started + (sent + 1) * 20 - performance.now();
    if (wait > 0) await pause(wait);
  }
}

async function answered(broker: TestBroker, boxes: AlarmBoxes, alarmId = 41) {
  const { callId } = await boxes.press(BOX);
  const reply = await call(broker, BOX, { action: 'answer', callId, alarmId });
  expect(reply.code).toBe(0);
  return { callId, alarmId };
}

describe('alarm boxes over MQTT', () => {
  it('signs in with the demo secret and announces itself online (retained, with a will)', async () => {
    const { broker } = await start();
    expect(broker.refused).toEqual([]);
    const status = await broker.waitFor((message) => message.deviceKey === BOX && message.kind === 'status');
    expect(statusPayloadSchema.parse(JSON.parse(status.payload))).toEqual({
      online: true,
      firmware: '1.0.0',
    });
    expect(status.retain).toBe(true);
  });

  it('a box with the wrong secret is refused and said once; the others sign in', async () => {
    broker = await startTestBroker();
    const lines: string[] = [];
    const running = await startAlarmBoxes({
      mqttUrl: broker.url,
      boxes: [
        { deviceKey: BOX, secret: 'not-the-secret' },
        { deviceKey: OTHER, secret: demoDeviceSecret(OTHER) },
      ],
      backoff: { minMs: 100, maxMs: 400 },
      log: (line) => lines.push(line),
    });
    boxes = running;
    await until(() => running.view(OTHER).connected && broker?.refused.includes(BOX) === true);
    await pause(500);
    expect(running.view(BOX).connected).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/refused alarmbox-00001 .*keeps trying/)]);
    expect(lines.join('')).not.toContain('not-the-secret');
  });

  it('rings on a press (QoS 1 ring with its callId) and keeps ringing; a second press is the same call', async () => {
    const { broker, boxes } = await start();
    const { callId } = await boxes.press(BOX);
    expect(await callsSoon(broker, BOX, 1)).toEqual([
      { action: 'ring', callId, ts: expect.any(Number) as number },
    ]);
    expect(boxes.view(BOX)).toMatchObject({ state: 'ringing', callId, alarmId: null, sentFrames: 0 });
    expect(await boxes.press(BOX)).toEqual({ callId });
    await pause(300);
    expect(boxes.view(BOX).state).toBe('ringing');
    expect(boxes.view(OTHER).state).toBe('idle');
    expect(voiceOf(broker, BOX)).toEqual([]);
  });

  it('on answer sends its tone at 50 frames a second and records the speaker with its dominant frequency', async () => {
    const { broker, boxes } = await start({ toneHz: 1000 });
    const { callId, alarmId } = await answered(broker, boxes, 77);
    expect(boxes.view(BOX)).toMatchObject({ state: 'inCall', callId, alarmId });

    const from = Date.now();
    await playToSpeaker(broker, BOX, 440, 1500);
    const seconds = (Date.now() - from) / 1000;
    const voice = voiceOf(broker, BOX);
    const rate = voice.filter((message) => message.at >= from).length / seconds;
    expect(rate).toBeGreaterThan(40);
    // Paced: at most half a second of catching up after a stall of the loaded machine, never double.
    expect(rate).toBeLessThan(70);
    for (const frame of voice) expect(frame.raw.length).toBe(TALK_FRAME_BYTES);
    const lastSecond = pcmSamples(voice.slice(-50).map((message) => message.raw));
    expect(dominantFrequency(lastSecond, TALK_SAMPLE_RATE)).toBeCloseTo(1000, -1);

    const view = boxes.view(BOX);
    expect(view.sentFrames).toBeGreaterThanOrEqual(voice.length);
    expect(view.heard.frames).toBeGreaterThanOrEqual(70);
    expect(view.heard.bytes).toBe(view.heard.frames * TALK_FRAME_BYTES);
    expect(Math.abs((view.heard.dominantHz ?? 0) - 440)).toBeLessThanOrEqual(2);
    expect(view.heard.lastFrameAt).toBeGreaterThanOrEqual(from);
    // A duplicate answer (QoS 1 delivers at least once) is fine; an answer for another call is not.
    expect((await call(broker, BOX, { action: 'answer', callId, alarmId })).code).toBe(0);
    const wrong = await call(broker, OTHER, { action: 'answer', callId: 'not-a-call' });
    expect(wrong.code).toBe(ALARMBOX_REPLY_CODES.unknownCall);
    expect(wrong.msg).toContain('not-a-call');
  });

  it('each box speaks its own tone', async () => {
    const { broker, boxes } = await start({
      boxes: [
        { deviceKey: BOX, secret: demoDeviceSecret(BOX), toneHz: 600 },
        { deviceKey: OTHER, secret: demoDeviceSecret(OTHER) },
      ],
      toneHz: 1500,
    });
    for (const key of [BOX, OTHER]) {
      const { callId } = await boxes.press(key);
      expect((await call(broker, key, { action: 'answer', callId })).code).toBe(0);
    }
    await pause(1100);
    const heardHz = (key: string) =>
      dominantFrequency(
        pcmSamples(
          voiceOf(broker, key)
            .slice(-50)
            .map((message) => message.raw),
        ),
        TALK_SAMPLE_RATE,
      );
    expect(heardHz(BOX)).toBeCloseTo(600, -1);
    expect(heardHz(OTHER)).toBeCloseTo(1500, -1);
  });

  it('the citizen hangs up: hangup published, voice stops, the box is idle', async () => {
    const { broker, boxes } = await start();
    const { callId } = await answered(broker, boxes);
    await pause(200);
    await boxes.hangup(BOX);
    expect(boxes.view(BOX)).toMatchObject({ state: 'idle', callId: null, alarmId: null });
    expect((await callsSoon(broker, BOX, 2)).map((payload) => payload.action)).toEqual(['ring', 'hangup']);
    expect(callsOf(broker, BOX)[1]?.callId).toBe(callId);
    await pause(100);
    const sent = voiceOf(broker, BOX).length;
    await pause(300);
    expect(voiceOf(broker, BOX).length).toBe(sent);
    await expect(boxes.hangup(BOX)).rejects.toThrow(/no call to hang up/);
    // The platform's hangup arriving after the box's own is answered as already ended.
    expect(await call(broker, BOX, { action: 'hangup', callId })).toMatchObject({
      code: 0,
      msg: 'already ended',
    });
  });

  it('the citizen gives up while ringing', async () => {
    const { broker, boxes } = await start();
    const { callId } = await boxes.press(BOX);
    await boxes.hangup(BOX);
    expect(await callsSoon(broker, BOX, 2)).toMatchObject([
      { action: 'ring', callId },
      { action: 'hangup', callId },
    ]);
    expect(boxes.view(BOX).state).toBe('idle');
  });

  it('the platform hangs up, by callId or by alarmId, while ringing or in the call', async () => {
    const { broker, boxes } = await start();
    const ringing = await boxes.press(BOX);
    expect((await call(broker, BOX, { action: 'hangup', callId: ringing.callId })).code).toBe(0);
    expect(boxes.view(BOX).state).toBe('idle');

    const { alarmId } = await answered(broker, boxes, 90);
    await pause(200);
    const waiting = boxes.waitFor(BOX, 'idle', 2000);
    expect((await call(broker, BOX, { action: 'hangup', alarmId })).code).toBe(0);
    expect(await waiting).toMatchObject({ state: 'idle', callId: null });
    expect(boxes.view(BOX).sentFrames).toBeGreaterThan(0);
    // The box itself said nothing on `call` after its ring: the platform ended it.
    expect((await callsSoon(broker, BOX, 2)).map((payload) => payload.action)).toEqual(['ring', 'ring']);
    const unknown = await call(broker, BOX, { action: 'hangup', callId: 'gone' });
    expect(unknown.code).toBe(ALARMBOX_REPLY_CODES.unknownCall);
  });

  it('yell plays and records the speaker without sending voice; yellEnd ends it', async () => {
    const { broker, boxes } = await start();
    expect((await call(broker, BOX, { action: 'yell' })).code).toBe(0);
    expect(boxes.view(BOX)).toMatchObject({ state: 'yelling', callId: null });
    await playToSpeaker(broker, BOX, 700, 1100);
    const view = boxes.view(BOX);
    expect(view.heard.frames).toBeGreaterThanOrEqual(50);
    expect(Math.abs((view.heard.dominantHz ?? 0) - 700)).toBeLessThanOrEqual(2);
    expect(view.sentFrames).toBe(0);
    expect(voiceOf(broker, BOX)).toEqual([]);
    await expect(boxes.press(BOX)).rejects.toThrow(/yelling/);
    expect((await call(broker, BOX, { action: 'yellEnd' })).code).toBe(0);
    expect(boxes.view(BOX).state).toBe('idle');
    // What it heard stays visible after the shout.
    expect(boxes.view(BOX).heard.frames).toBe(view.heard.frames);
    // Speaker audio outside a call or shout is not recorded.
    await playToSpeaker(broker, BOX, 300, 200);
    expect(boxes.view(BOX).heard.frames).toBe(view.heard.frames);
  });

  it('refuses to yell during a call, and answers every command, unknown ones included', async () => {
    const { broker, boxes } = await start();
    await answered(broker, boxes);
    expect((await call(broker, BOX, { action: 'yell' })).code).toBe(ALARMBOX_REPLY_CODES.busy);
    expect((await call(broker, BOX, { action: 'yellEnd' })).code).toBe(ALARMBOX_REPLY_CODES.busy);
    expect(boxes.view(BOX).state).toBe('inCall');

    await broker.command(BOX, { id: 'x1', ts: Date.now(), service: 'setLamp', params: { on: true } });
    await broker.command(BOX, {
      id: 'x2',
      ts: Date.now(),
      service: CALL_SERVICE,
      params: { action: 'dance' },
    });
    const replies = async (id: string) => {
      const message = await broker.waitFor(
        (candidate) => candidate.kind === 'reply' && candidate.payload.includes(`"${id}"`),
      );
      return replyPayloadSchema.parse(JSON.parse(message.payload));
    };
    expect(await replies('x1')).toMatchObject({ code: ALARMBOX_REPLY_CODES.unknownService });
    expect(await replies('x2')).toMatchObject({ code: ALARMBOX_REPLY_CODES.invalidParams });
    await expect(boxes.press(BOX)).rejects.toThrow(/inCall/);
  });

  it('reconnects after the broker goes away and rings again with the same callId', async () => {
    const { broker, boxes } = await start();
    const { callId } = await boxes.press(BOX);
    await broker.restart(300);
    await until(() => callsOf(broker, BOX).length >= 2, 10_000);
    expect(callsOf(broker, BOX)).toMatchObject([
      { action: 'ring', callId },
      { action: 'ring', callId },
    ]);
    expect(callsOf(broker, OTHER)).toEqual([]);
    expect(boxes.view(BOX)).toMatchObject({ connected: true, state: 'ringing', callId });
    // And the call goes on as usual after the outage.
    expect((await call(broker, BOX, { action: 'answer', callId, alarmId: 5 })).code).toBe(0);
    await until(() => voiceOf(broker, BOX).length > 5);
  });

  it('a box that hangs up while offline tells the platform when it is back', async () => {
    const { broker, boxes } = await start();
    const { callId } = await boxes.press(BOX);
    await broker.stop();
    await until(() => !boxes.view(BOX).connected);
    await boxes.hangup(BOX);
    await broker.start();
    await until(() => callsOf(broker, BOX).some((payload) => payload.action === 'hangup'));
    expect(callsOf(broker, BOX)).toMatchObject([
      { action: 'ring', callId },
      { action: 'hangup', callId },
    ]);
    // A press and a hangup both made offline never reach the platform: nothing to tell it.
    await until(() => boxes.view(BOX).connected);
    await broker.stop();
    await until(() => !boxes.view(BOX).connected);
    await boxes.press(BOX);
    await boxes.hangup(BOX);
    await broker.start();
    await until(() => boxes.view(BOX).connected);
    await pause(300);
    expect(callsOf(broker, BOX)).toHaveLength(2);
  });

  it('waitFor rejects after its timeout, naming the state the box is in', async () => {
    const { boxes } = await start();
    await expect(boxes.waitFor(BOX, 'inCall', 100)).rejects.toThrow(/did not become inCall.*idle/);
    await expect(boxes.waitFor('nope', 'idle', 100)).rejects.toThrow(/no alarm box nope/);
    expect(() => boxes.view('nope')).toThrow(/no alarm box nope/);
  });

  it('runs a scenario: press, answered, talk, hang up; and a scenario nobody answers', async () => {
    const { broker, boxes } = await start();
    const answering = (async () => {
      const ring = await broker.waitFor((message) => message.deviceKey === BOX && message.kind === 'call');
      const { callId } = boxCallPayloadSchema.parse(JSON.parse(ring.payload));
      await pause(200);
      await call(broker, BOX, { action: 'answer', callId, alarmId: 3 });
    })();
    const outcomes = await runScenario(boxes, { boxes: [BOX, OTHER], answerWithinMs: 1500, talkMs: 600 });
    await answering;
    const [talked, missed] = outcomes;
    expect(talked).toMatchObject({ deviceKey: BOX, result: 'talked', view: { state: 'idle' } });
    expect(talked?.answeredAfterMs).toBeGreaterThanOrEqual(150);
    expect(talked?.view?.sentFrames).toBeGreaterThan(20);
    expect(missed).toMatchObject({ deviceKey: OTHER, result: 'notAnswered', answeredAfterMs: null });
    expect((await callsSoon(broker, BOX, 2)).map((payload) => payload.action)).toEqual(['ring', 'hangup']);
    expect((await callsSoon(broker, OTHER, 2)).map((payload) => payload.action)).toEqual(['ring', 'hangup']);
  });
});
