/**
 * One-key alarm calls: the real server (buildApp, listening, its MQTT broker on a
 * free port; PGlite, and PostgreSQL too when DATABASE_URL is set) with OPERATORS operators of one project,
 * each holding an answer page (the alarm-result socket over the SockJS websocket transport), and boxes
 * of type 0801 registered in the bench's database, each a real MQTT client signed in to the broker.
 * Prints (asserts nothing):
 * 1. press → notice: 1, 10 and 100 boxes press at once; per operator and call, from the box's `ring`
 *    publish to the ringing record's arrival on that operator's socket: p50/p95/max;
 * 2. audio mouth-to-ear through the relay, both directions, on one answered call: the box's `voice`
 *    publish → the listen socket, and the talk socket's send → the box's `speaker`; 320-byte frames, a
 *    sequence number in their first 4 bytes, FRAMES_PER_SECOND for AUDIO_SECONDS: p50/p95/max.
 * 3. press → painted, in Chromium: one of the operators is a real browser signed in to the built shell
 *    (when `apps/shell/dist` exists: `make bench` builds it). Its page samples, every animation frame,
 *    the header bell's count of ringing calls and the notices on screen, so "painted" is the frame that
 *    shows it (about 16 ms resolution): press → the bell counts every call of the round, and press → the
 *    first notice. The notices after the first are staggered ALARM_NOTICE_STAGGER_MS apart by design
 *    (§4.6), so only the first is a latency.
 * Each size is pressed BENCH_ALARM_REPEATS (5) times by the same boxes, the figures over all rounds.
 * The socket clients run in this process (the server's event loop is shared with them: figures are an
 * upper bound of what a separate client would see); Chromium is a process of its own.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import {
  ALARM_LISTEN_PATH,
  ALARM_NOTICE_COUNTDOWN_S,
  ALARM_PAGES,
  ALARM_SOCKET_OPEN_DELAY_MS,
  ALARM_RESULT_PATH,
  ALARM_TALK_PATH,
  alarmCallEndpoints,
  alarmServerFrameSchema,
  API_PREFIX,
  authEndpoints,
  callTopic,
  PUSH_HEARTBEAT_MS,
  TYPE_ALARM_BOX,
  type Envelope,
  type LoginData,
} from '@cityops/contract';
import { inArray } from 'drizzle-orm';
import WebSocket from 'ws';
import { resources, roleResources, roles } from '@cityops/server/src/db/schema.js';
import { createAccount } from '@cityops/server/src/db/seed/accounts.js';
import { runtimeOf } from '@cityops/server/src/modules/iot/runtime.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  type TestDevice,
} from '@cityops/server/src/test/iotDevices.js';
import { openBrowser, type Browser } from '../e2e/src/browser.js';
import { signIn } from '../e2e/src/signIn.js';
import {
  AUDIO_TAPS,
  echoingBox,
  fakeMicrophoneArgs,
  mouthToEar,
  pageOnsets,
  writeBurstsWav,
} from './intercomAudio.js';
import { databaseKinds, ms, quantile, signedIn, startBenchApp, type DatabaseKind } from './serverApp.js';
import { wallMs } from './clock.js';

type MqttClient = Awaited<ReturnType<typeof connectDevice>>;

const OPERATORS = Number(process.env.BENCH_ALARM_OPERATORS ?? 50);
const PRESSES = [1, 10, 100];
/** Rounds of each size: the browser's figures are one sample a round. */
const REPEATS = Number(process.env.BENCH_ALARM_REPEATS ?? 5);
const FRAME_BYTES = 320;
const FRAMES_PER_SECOND = 50;
const AUDIO_SECONDS = 10;
const PASSWORD = 'Bench@123';
const NOTICE_WAIT_MS = 15_000;

const SHELL_DIST = resolve(import.meta.dirname, '../apps/shell/dist');
const HAS_SHELL = existsSync(resolve(SHELL_DIST, 'index.html'));

const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

const summary = (values: number[]) =>
  values.length === 0
    ? 'no samples'
    : `p50 ${ms(quantile(values, 0.5))}  p95 ${ms(quantile(values, 0.95))}  max ${ms(Math.max(...values))}`;

interface Box {
  device: TestDevice;
  name: string;
  client: MqttClient;
  /** Arrival time of each sequence number heard on the box's speaker. */
  heard: Map<number, number>;
}

/** An operator's alarm-result socket, as sockjs-client's websocket transport drives it. */
async function alarmSocket(origin: string, token: string, arrivals: Map<number, number>) {
  const ws = new WebSocket(
    `${origin}${API_PREFIX}${ALARM_RESULT_PATH}/000/${Math.random().toString(36).slice(2)}/websocket`,
  );
  let welcomed = false;
  ws.on('message', (data: WebSocket.RawData) => {
    const at = wallMs();
    const text = String(data);
    if (!text.startsWith('a')) return;
    for (const item of JSON.parse(text.slice(1)) as string[]) {
      const frame = alarmServerFrameSchema.parse(JSON.parse(item));
      if (frame.type !== 'calls') continue;
      welcomed = true;
      for (const record of frame.data)
        if (record.eventStatus === 1 && !arrivals.has(record.devId)) arrivals.set(record.devId, at);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify([JSON.stringify({ accessToken: token, devIds: [] })]));
  await eventually(() => Promise.resolve(welcomed), 30_000);
  // As the page does: a ping every PUSH_HEARTBEAT_MS, or the server closes a silent socket.
  const heartbeat = setInterval(() => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify([JSON.stringify({ type: 'ping' })]));
  }, PUSH_HEARTBEAT_MS);
  heartbeat.unref();
  ws.once('close', () => clearInterval(heartbeat));
  return ws;
}

/** An intercom socket (listen or talk), open once the server says `ready`. */
async function talkSocket(origin: string, path: string, token: string, devId: number) {
  const ws = new WebSocket(`${origin}${API_PREFIX}${path}`);
  const audio = new Map<number, number>();
  let ready = false;
  ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
    const at = wallMs();
    if (isBinary) {
      const buffer = data as Buffer;
      if (buffer.length >= 4) audio.set(buffer.readUInt32BE(0), at);
    } else if (String(data).includes('"ready"')) ready = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ accessToken: token, devIds: [devId] }));
  await eventually(() => Promise.resolve(ready));
  return { ws, audio };
}

const frame = (sequence: number) => {
  const buffer = Buffer.alloc(FRAME_BYTES, 0);
  buffer.writeUInt32BE(sequence, 0);
  return buffer;
};

/** Sends `send(sequence)` FRAMES_PER_SECOND times a second for AUDIO_SECONDS; answers the send times. */
async function paced(send: (sequence: number) => void) {
  const sent = new Map<number, number>();
  const gap = 1_000 / FRAMES_PER_SECOND;
  const start = wallMs();
  for (let sequence = 0; sequence < FRAMES_PER_SECOND * AUDIO_SECONDS; sequence += 1) {
    const due = start + sequence * gap;
    const wait = due - wallMs();
    if (wait > 0) await pause(wait);
    sent.set(sequence, wallMs());
    send(sequence);
  }
  return sent;
}

const latencies = (sent: Map<number, number>, arrived: Map<number, number>) =>
  [...sent].flatMap(([sequence, at]) => {
    const got = arrived.get(sequence);
    return got === undefined ? [] : [got - at];
  });

interface PaintLog {
  /** [time, count] each time the header bell's count changes. */
  bell: Array<[number, number]>;
  /** Alarm id → the frame its notice was first on screen. */
  notices: Record<string, number>;
}

/**
 * Samples the bell and the notices at every animation frame (epoch ms, comparable with wallMs). Sent
 * as text: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const RECORD_PAINTS = `(() => {
  const log = { bell: [], notices: {} };
  window.paintLog = log;
  const frame = () => {
    const at = performance.timeOrigin + performance.now();
    const bell = Number(document.querySelector('[data-alarm-bell]')?.getAttribute('data-alarm-bell') ?? 0);
    if (log.bell.at(-1)?.[1] !== bell) log.bell.push([at, bell]);
    for (const notice of document.querySelectorAll('[data-alarm-notice]')) {
      const id = notice.getAttribute('data-alarm-notice') ?? '';
      log.notices[id] ??= at;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

const paintLog = (page: Page) => page.evaluate(() => (window as unknown as { paintLog: PaintLog }).paintLog);

/**
 * Mouth to ear in Chromium: `box` rings, the browser operator answers from its notice, the intercom
 * connects, and for AUDIO_SECONDS the box echoes what it hears (see intercomAudio.ts).
 */
async function browserAudio(page: Page, box: Box | undefined) {
  if (!box) throw new Error('no box for the browser audio');
  const callId = 'bench-browser-audio';
  const call = (action: string) =>
    box.client.publishAsync(callTopic(box.device.deviceKey, 'call'), JSON.stringify({ action, callId }), {
      qos: 1,
    });
  await call('ring');
  const notice = page.locator('[data-alarm-notice]', { hasText: box.name });
  await notice.getByRole('button', { name: '接听' }).click({ timeout: NOTICE_WAIT_MS });
  await page.locator('[data-intercom-state="connected"]').waitFor({ timeout: 30_000 });
  const echo = echoingBox(box.client, box.device.deviceKey);
  await pause(AUDIO_SECONDS * 1_000);
  echo.stop();
  const { up, down, both, bursts, unmapped } = mouthToEar(await pageOnsets(page), echo.onsets, echo.since);
  console.log(
    `  audio in Chromium, ${bursts} bursts from the fake microphone, the box echoing (pairs found):`,
  );
  console.log(`    mouth → box (capture, 8 kHz frames, talk socket, relay): ${summary(up)}  (${up.length})`);
  console.log(
    `    box → ear (relay, listen socket, jitter buffer, output): ${summary(down)}  (${down.length})` +
      (unmapped > 0 ? `  [${unmapped} without the output's timestamp]` : ''),
  );
  console.log(`    mouth → ear, the round trip: ${summary(both)}  (${both.length})`);
  await call('hangup');
}

async function measure(kind: DatabaseKind) {
  const bench = await startBenchApp(kind, undefined, {
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DEVICES: '0',
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...(HAS_SHELL ? { SHELL_DIST } : {}),
  });
  const baseUrl = await bench.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = baseUrl.replace(/^http/, 'ws');
  const brokerUrl = `mqtt://127.0.0.1:${runtimeOf(bench.app.cityops).port() ?? 0}`;
  const db = bench.handle.db;
  const projectId = await insertProject(db, 'alarm-bench');
  const productId = await insertProduct(db, { typeCode: TYPE_ALARM_BOX, functions: [] });

  // The operators: a role holding the answer page, the box's project.
  const [role] = await db
    .insert(roles)
    .values({ code: 'alarm_bench', name: '报警柱值班员' })
    .returning({ id: roles.id });
  const [page] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(inArray(resources.code, [ALARM_PAGES.monitor]));
  if (!role || !page) throw new Error('no role or no monitor page');
  await db.insert(roleResources).values({ roleId: role.id, resourceId: page.id });
  const tokens: string[] = [];
  // With the shell built, the last operator is a browser.
  const socketOperators = HAS_SHELL ? OPERATORS - 1 : OPERATORS;
  for (let i = 0; i < OPERATORS; i += 1) {
    const userName = `alarm_bench_${i}`;
    await createAccount(db, {
      userName,
      password: PASSWORD,
      name: `值班员${i}`,
      userType: 1,
      roleCodes: ['alarm_bench'],
      projectIds: [projectId],
    });
    if (i >= socketOperators) continue;
    const login = await bench.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${authEndpoints.login.path}`,
      payload: { userName, password: PASSWORD },
    });
    const answer = login.json<Envelope<LoginData | null>>();
    if (!answer.data) throw new Error(`sign-in of ${userName} failed: ${answer.message}`);
    tokens.push(answer.data.token);
  }

  // The boxes: one per press of every round, one for the browser's audio and one for the relay's.
  const runtime = runtimeOf(bench.app.cityops);
  const boxes: Box[] = [];
  const total = PRESSES.reduce((sum, n) => sum + n, 0) + 2;
  for (let i = 0; i < total; i += 1) {
    const name = `一键报警柱${i + 1}`;
    const device = await insertDevice(db, { productId, projectId, name });
    const client = await connectDevice(brokerUrl, device);
    const heard = new Map<number, number>();
    client.on('message', (topic, payload) => {
      if (topic === callTopic(device.deviceKey, 'speaker') && payload.length >= 4)
        heard.set(payload.readUInt32BE(0), wallMs());
    });
    await client.subscribeAsync(callTopic(device.deviceKey, 'speaker'));
    boxes.push({ device, name, client, heard });
  }
  for (const box of boxes)
    await eventually(() => Promise.resolve(runtime.reachable({ ...box.device, online: false })), 30_000);

  // The operators' answer pages.
  const arrivals = tokens.map(() => new Map<number, number>());
  const sockets: WebSocket[] = [];
  for (const [i, token] of tokens.entries())
    sockets.push(await alarmSocket(origin, token, arrivals[i] ?? new Map()));
  let browser: Browser | null = null;
  if (HAS_SHELL) {
    const wavPath = join(await mkdtemp(join(tmpdir(), 'cityops-bench-mic-')), 'bursts.wav');
    await writeBurstsWav(wavPath);
    browser = await openBrowser({ args: fakeMicrophoneArgs(wavPath) });
    await browser.context.addInitScript(AUDIO_TAPS);
    await signIn(browser.page, baseUrl, { userName: `alarm_bench_${OPERATORS - 1}`, password: PASSWORD });
    await browser.page.locator('[data-alarm-bell]').waitFor({ timeout: 30_000 });
    await pause(ALARM_SOCKET_OPEN_DELAY_MS + 1_000);
    await browser.page.evaluate(RECORD_PAINTS);
  }
  await pause(500);

  console.log(
    `\n${bench.label}: ${sockets.length} operators on the alarm-result socket (SockJS websocket)` +
      (browser ? ', 1 in Chromium' : ' (no shell build: no browser operator)'),
  );
  let next = 0;
  for (const presses of PRESSES) {
    const round = boxes.slice(next, next + presses);
    next += presses;
    const samples: number[] = [];
    const bellSamples: number[] = [];
    const noticeSamples: number[] = [];
    let expected = 0;
    // The same boxes ring REPEATS times, so each figure has samples enough for a p95 (the browser's two
    // are one sample a round).
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const seen of arrivals) for (const box of round) seen.delete(box.device.id);
      const pressed = new Map<number, number>();
      await Promise.all(
        round.map((box) => {
          pressed.set(box.device.id, wallMs());
          return box.client.publishAsync(
            callTopic(box.device.deviceKey, 'call'),
            JSON.stringify({ action: 'ring', callId: `bench-${box.device.id}-${repeat}` }),
            { qos: 1 },
          );
        }),
      );
      const wanted = presses * sockets.length;
      expected += wanted;
      const count = () =>
        arrivals.reduce((sum, seen) => sum + round.filter((box) => seen.has(box.device.id)).length, 0);
      const deadline = wallMs() + NOTICE_WAIT_MS;
      while (count() < wanted && wallMs() < deadline) await pause(20);
      samples.push(
        ...arrivals.flatMap((seen) =>
          round.flatMap((box) => {
            const at = seen.get(box.device.id);
            const start = pressed.get(box.device.id);
            return at === undefined || start === undefined ? [] : [at - start];
          }),
        ),
      );
      if (browser) {
        const start = Math.min(...pressed.values());
        const until = wallMs() + NOTICE_WAIT_MS;
        const done = (log: PaintLog) =>
          log.bell.some(([at, n]) => at >= start && n >= presses) &&
          Object.values(log.notices).some((at) => at >= start);
        let log = await paintLog(browser.page);
        while (!done(log) && wallMs() < until) {
          await pause(50);
          log = await paintLog(browser.page);
        }
        const bellAt = log.bell.find(([at, n]) => at >= start && n >= presses)?.[0];
        const firstNotice = Math.min(...Object.values(log.notices).filter((at) => at >= start));
        if (bellAt !== undefined) bellSamples.push(bellAt - start);
        if (Number.isFinite(firstNotice)) noticeSamples.push(firstNotice - start);
      }
      for (const box of round)
        await box.client.publishAsync(
          callTopic(box.device.deviceKey, 'call'),
          JSON.stringify({ action: 'hangup', callId: `bench-${box.device.id}-${repeat}` }),
          { qos: 1 },
        );
      // The notices count 已结束(5) down before the next round.
      await pause(browser ? 1_000 + ALARM_NOTICE_COUNTDOWN_S * 1_000 : 1_000);
    }
    console.log(
      `  ${String(presses).padStart(3)} box(es) at once, ${REPEATS} rounds, press → notice: ${summary(samples)}  ` +
        `(${samples.length} of ${expected} notices)`,
    );
    if (browser)
      console.log(
        `      in Chromium, press → painted: the bell counts all ${presses}: ${summary(bellSamples)} ` +
          `(${bellSamples.length} of ${REPEATS}); the first notice: ${summary(noticeSamples)} ` +
          `(${noticeSamples.length} of ${REPEATS})`,
      );
  }
  if (browser) await browserAudio(browser.page, boxes[boxes.length - 2]);
  await browser?.close();

  // The audio: the last box rings, the first operator answers and opens the intercom.
  const talker = boxes[boxes.length - 1];
  const token = tokens[0];
  if (!talker || !token) throw new Error('no box or no operator for the audio');
  await talker.client.publishAsync(
    callTopic(talker.device.deviceKey, 'call'),
    JSON.stringify({ action: 'ring', callId: 'bench-audio' }),
    { qos: 1 },
  );
  const alarmId = await eventually(async () => {
    const current = await bench.app.inject({
      method: alarmCallEndpoints.current.method,
      url: `${API_PREFIX}${alarmCallEndpoints.current.path}`,
      headers: signedIn(token),
    });
    const records = current.json<Envelope<Array<{ id: number; devId: number }> | null>>().data ?? [];
    return records.find((record) => record.devId === talker.device.id)?.id;
  });
  const answered = await bench.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${alarmCallEndpoints.updateAlarmPeople.path}`,
    headers: signedIn(token),
    payload: JSON.stringify({ alarmId: [alarmId], devId: [talker.device.id], interfaceType: 1 }),
  });
  const reply = answered.json<Envelope<unknown>>();
  if (reply.status_code !== 1) throw new Error(`answering failed: ${reply.message}`);
  const listen = await talkSocket(origin, ALARM_LISTEN_PATH, token, talker.device.id);
  const talk = await talkSocket(origin, ALARM_TALK_PATH, token, talker.device.id);
  await pause(500);
  const voiceTopic = callTopic(talker.device.deviceKey, 'voice');
  const [boxSent, operatorSent] = await Promise.all([
    paced((sequence) => talker.client.publish(voiceTopic, frame(sequence), { qos: 0 })),
    paced((sequence) => talk.ws.send(frame(sequence), { binary: true })),
  ]);
  await pause(1_000);
  const up = latencies(boxSent, listen.audio);
  const down = latencies(operatorSent, talker.heard);
  const frames = FRAMES_PER_SECOND * AUDIO_SECONDS;
  console.log(
    `  audio, ${FRAMES_PER_SECOND} frames/s of ${FRAME_BYTES} bytes for ${AUDIO_SECONDS} s, both ways at once:`,
  );
  console.log(`    box voice → listen socket: ${summary(up)}  (${up.length} of ${frames} frames)`);
  console.log(`    talk socket → box speaker: ${summary(down)}  (${down.length} of ${frames} frames)`);

  listen.ws.close();
  talk.ws.close();
  for (const ws of sockets) ws.close();
  for (const box of boxes) await box.client.endAsync(true);
  await bench.close();
}

console.log(
  `Alarm calls: ${OPERATORS} operators; ${PRESSES.join(', ')} boxes pressing at once; audio mouth-to-ear`,
);
for (const kind of databaseKinds()) await measure(kind);
process.exit(0);
