import { afterEach, describe, expect, it } from 'vitest';
import { boxCallPayloadSchema, DEMO_ALARM_BOXES } from '@cityops/contract';
import { demoDeviceSecret } from '../fleet/secret.js';
import { startTestBroker, type TestBroker } from '../fleet/testBroker.js';
import { startAlarmBoxes, type AlarmBoxes } from './index.js';
import { readAlarmBoxSettings, runDemoAlarmBoxes, type RunningAlarmBoxes } from './settings.js';

/** The /_sim/alarmbox routes over real HTTP, the boxes behind them on a real broker; and the demo settings. */

const BOX = 'alarmbox-00001';
let broker: TestBroker | null = null;
let boxes: AlarmBoxes | null = null;
let demo: RunningAlarmBoxes | null = null;
afterEach(async () => {
  await boxes?.close();
  await demo?.close();
  await broker?.close();
  boxes = null;
  demo = null;
  broker = null;
});

async function start() {
  broker = await startTestBroker();
  boxes = await startAlarmBoxes({
    mqttUrl: broker.url,
    boxes: [{ deviceKey: BOX, secret: demoDeviceSecret(BOX) }],
    adminPort: 0,
    backoff: { minMs: 100, maxMs: 400 },
  });
  if (!boxes.adminUrl) throw new Error('no admin url');
  return { broker, boxes, admin: boxes.adminUrl };
}

async function send(url: string, method = 'GET', body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('alarm box admin routes', () => {
  it('lists the boxes, shows one, and answers 404 with a message for a box that does not exist', async () => {
    const { admin } = await start();
    const list = await send(`${admin}/_sim/alarmbox/boxes`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ ok: true, data: [{ deviceKey: BOX, state: 'idle' }] });
    expect((await send(`${admin}/_sim/alarmbox/boxes/${BOX}`)).body).toMatchObject({
      ok: true,
      data: { deviceKey: BOX, state: 'idle', callId: null, heard: { frames: 0, dominantHz: null } },
    });
    const missingBox = [
      ['boxes/nope', 'GET'],
      ['boxes/nope/press', 'POST'],
      ['boxes/nope/hangup', 'POST'],
    ];
    for (const [path, method] of missingBox) {
      const missing = await send(`${admin}/_sim/alarmbox/${path}`, method);
      expect(missing).toEqual({ status: 404, body: { ok: false, error: 'no alarm box nope' } });
    }
    expect((await send(`${admin}/_sim/alarmbox/elsewhere`)).status).toBe(404);
    expect((await send(`${admin}/_sim/alarmbox/boxes`, 'POST')).status).toBe(405);
    expect((await send(`${admin}/_sim/alarmbox/boxes/${BOX}/press`)).status).toBe(405);
  });

  it('presses and hangs up a box; 409 when there is nothing to hang up', async () => {
    const { admin, broker, boxes } = await start();
    await boxes.waitFor(BOX, 'idle');
    const pressed = await send(`${admin}/_sim/alarmbox/boxes/${BOX}/press`, 'POST');
    expect(pressed.status).toBe(200);
    const data = pressed.body.data as { callId: string; box: { state: string } };
    expect(data.box.state).toBe('ringing');
    const ring = await broker.waitFor((message) => message.deviceKey === BOX && message.kind === 'call');
    expect(boxCallPayloadSchema.parse(JSON.parse(ring.payload))).toMatchObject({
      action: 'ring',
      callId: data.callId,
    });

    const hungUp = await send(`${admin}/_sim/alarmbox/boxes/${BOX}/hangup`, 'POST');
    expect(hungUp).toMatchObject({ status: 200, body: { ok: true, data: { box: { state: 'idle' } } } });
    const again = await send(`${admin}/_sim/alarmbox/boxes/${BOX}/hangup`, 'POST');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/no call to hang up/);
  });

  it('runs a scenario in the background and reports its outcome; bad scenarios get a 4xx saying why', async () => {
    const { admin } = await start();
    const bad = await send(`${admin}/_sim/alarmbox/scenario`, 'POST', { boxes: [], talkMs: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/boxes/);
    expect(bad.body.error).toMatch(/talkMs/);
    const broken = await send(`${admin}/_sim/alarmbox/scenario`, 'POST', '{"boxes":');
    expect(broken.status).toBe(400);
    const extra = await send(`${admin}/_sim/alarmbox/scenario`, 'POST', { boxes: [BOX], dance: true });
    expect(extra.status).toBe(400);
    const unknown = await send(`${admin}/_sim/alarmbox/scenario`, 'POST', { boxes: [BOX, 'nope'] });
    expect(unknown).toEqual({ status: 404, body: { ok: false, error: 'no alarm box nope' } });

    const started = await send(`${admin}/_sim/alarmbox/scenario`, 'POST', {
      boxes: [BOX],
      answerWithinMs: 300,
      talkMs: 100,
    });
    expect(started.status).toBe(202);
    const { id } = started.body.data as { id: number };
    let run: Record<string, unknown> = {};
    const deadline = Date.now() + 5000;
    while (!run.done && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await send(`${admin}/_sim/alarmbox/scenarios/${id}`)).body.data as Record<string, unknown>;
    }
    expect(run).toMatchObject({
      id,
      boxes: [BOX],
      done: true,
      outcomes: [{ deviceKey: BOX, result: 'notAnswered' }],
    });
    expect((await send(`${admin}/_sim/alarmbox/scenarios/999`)).status).toBe(404);
  });
});

describe('demo alarm boxes', () => {
  it('read their settings with defaults and refuse bad ones', () => {
    expect(readAlarmBoxSettings({})).toEqual({
      ALARMBOX_COUNT: 8,
      ALARMBOX_ADMIN_PORT: 10_804,
      ALARMBOX_TONE_HZ: 1000,
      ALARMBOX_DEMO_PRESS_SECONDS: 0,
    });
    expect(
      readAlarmBoxSettings({ ALARMBOX_COUNT: '', ALARMBOX_MQTT_URL: 'mqtt://broker:1883' }),
    ).toMatchObject({
      ALARMBOX_COUNT: 8,
      ALARMBOX_MQTT_URL: 'mqtt://broker:1883',
    });
    expect(() => readAlarmBoxSettings({ ALARMBOX_COUNT: '9' })).toThrow(/ALARMBOX_COUNT/);
    expect(() => readAlarmBoxSettings({ ALARMBOX_ADMIN_PORT: 'x' })).toThrow(/ALARMBOX_ADMIN_PORT/);
  });

  it('sign the eight demo boxes in with their demo secrets, serve the admin routes and press now and then', async () => {
    broker = await startTestBroker();
    const lines: string[] = [];
    demo = await runDemoAlarmBoxes(
      readAlarmBoxSettings({ ALARMBOX_ADMIN_PORT: '0', ALARMBOX_DEMO_PRESS_SECONDS: '0.2' }),
      broker.url,
      '127.0.0.1',
      (line) => lines.push(line),
    );
    const running = demo;
    if (!running) throw new Error('no demo boxes');
    expect(running.boxes.views().map((view) => view.deviceKey)).toEqual(
      DEMO_ALARM_BOXES.map((box) => box.deviceKey),
    );
    expect(lines.join('\n')).toMatch(
      /8 one-key alarm columns .*admin http:\/\/127\.0\.0\.1:\d+\/_sim\/alarmbox\/boxes/,
    );
    const started = broker;
    const deadline = Date.now() + 10_000;
    while (running.boxes.views().some((view) => !view.connected) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.boxes.views().filter((view) => view.connected)).toHaveLength(8);
    await started.waitFor((message) => message.kind === 'call', 10_000);
    expect(started.refused).toEqual([]);
    expect(running.boxes.views().some((view) => view.state === 'ringing')).toBe(true);
    expect(
      await runDemoAlarmBoxes(
        readAlarmBoxSettings({ ALARMBOX_COUNT: '0' }),
        broker.url,
        '127.0.0.1',
        () => undefined,
      ),
    ).toBeNull();
  });
});
