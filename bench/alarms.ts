/**
 * Alarms under a city's load: device event → alarm visible on an open alarmList.
 *
 * The real server in a process of its own (demo mode, PGlite; PostgreSQL when DATABASE_URL is set) with
 * BENCH_ALARM_DEVICES (10,000) devices registered and its MQTT broker on a free port, omapp served on its
 * port, and the fleet simulator in another process playing every device at one report per 10 s. Once the
 * fleet is connected and the load has settled, BENCH_ALARM_TILTS (40) well lids tilt one after another,
 * BENCH_ALARM_GAP_MS (250 ms) apart, through the fleet's admin route: each lid sends its `tiltAlarm`
 * event at once. It prints (and asserts nothing):
 * - event → `raised` on the alarm feed socket (/api/push/alarms, signed in as admin): p50/p95/max;
 * - event → the alarm's row painted on alarmList in Chromium (when apps/shell/dist and the sub-apps'
 *   builds exist: `make bench` builds them): the frame's page samples its table every animation frame,
 *   so "painted" is the first frame that shows the lid's name; p50/p95/max.
 * The time origin of each sample is the moment the bench asked the lid to tilt (the lid's event carries
 * that moment too: same machine, same clock).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Frame } from 'playwright-core';
import WebSocket from 'ws';
import {
  ALARM_FEED_PATH,
  alarmFeedServerFrameSchema,
  API_PREFIX,
  authEndpoints,
  demoFleetPlan,
  type Envelope,
  type LoginData,
} from '@cityops/contract';
import { openBrowser, type Browser } from '../e2e/src/browser.js';
import { startServer } from '../e2e/src/server.js';
import { DEMO, signIn } from '../e2e/src/signIn.js';
import { withTsxNames } from './browser.js';
import { freePort, startFleetProcess, whenFleetConnected } from './fleet.js';
import { ms, quantile } from './serverApp.js';
import { wallMs } from './clock.js';

const DEVICES = Number(process.env.BENCH_ALARM_DEVICES ?? 10_000);
const TILTS = Number(process.env.BENCH_ALARM_TILTS ?? 40);
const GAP_MS = Number(process.env.BENCH_ALARM_GAP_MS ?? 250);
const REPORT_SECONDS = 10;
const CONNECT_RATE = 200;
const CONNECT_GRACE_MS = 240_000;
const SETTLE_MS = 20_000;
const WAIT_MS = 30_000;
const ALARM_LIST = '/omapp/assets/alarmManagement/alarmList';

const repo = resolve(import.meta.dirname, '..');
const HAS_BUILDS =
  existsSync(resolve(repo, 'apps/shell/dist/index.html')) &&
  existsSync(resolve(repo, 'dist/subapps/omapp/index.html'));

const pause = (msToWait: number) => new Promise((done) => setTimeout(done, msToWait));
const summary = (values: number[]) =>
  values.length === 0
    ? 'no samples'
    : `p50 ${ms(quantile(values, 0.5))}  p95 ${ms(quantile(values, 0.95))}  max ${ms(Math.max(...values))}`;

async function signInToken(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}${API_PREFIX}${authEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.admin),
  });
  const envelope = (await answer.json()) as Envelope<LoginData | null>;
  if (!envelope.data) throw new Error(`admin sign-in failed: ${envelope.message}`);
  return envelope.data.token;
}

/** The alarm feed socket: when each device name was first told as `raised`. */
async function followFeed(baseUrl: string, token: string) {
  const raised = new Map<string, number>();
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${API_PREFIX}${ALARM_FEED_PATH}`);
  await new Promise<void>((ready, fail) => {
    ws.on('open', () => ws.send(JSON.stringify({ accessToken: token })));
    ws.on('message', (data: WebSocket.RawData) => {
      const at = wallMs();
      const frame = alarmFeedServerFrameSchema.safeParse(JSON.parse(String(data)));
      if (!frame.success) return;
      if (frame.data.type === 'ready') ready();
      else if (frame.data.type === 'raised' && !raised.has(frame.data.deviceName))
        raised.set(frame.data.deviceName, at);
    });
    ws.on('error', fail);
    ws.on('close', (code) => fail(new Error(`the alarm feed closed (${code})`)));
  });
  const ping = setInterval(() => ws.send('{"type":"ping"}'), 20_000);
  return {
    raised,
    close() {
      clearInterval(ping);
      ws.removeAllListeners();
      ws.terminate();
    },
  };
}

/** In the alarmList frame: every animation frame, which of the awaited names the table shows (first time seen). */
const WATCH_NAMES = () => {
  const seen: Record<string, number> = {};
  const state = window as unknown as { awaited: string[]; seen: Record<string, number> };
  state.awaited = [];
  state.seen = seen;
  const sample = () => {
    const text = document.querySelector('.ant-table-tbody')?.textContent ?? '';
    const at = performance.timeOrigin + performance.now();
    for (const name of state.awaited) if (seen[name] === undefined && text.includes(name)) seen[name] = at;
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
};

async function openAlarmList(baseUrl: string): Promise<{ browser: Browser; frame: Frame }> {
  const browser = await withTsxNames(await openBrowser({ viewport: { width: 1600, height: 900 } }));
  await signIn(browser.page, baseUrl, DEMO.admin);
  await browser.page.goto(`${baseUrl}${ALARM_LIST}`);
  await browser.page.locator('div[data-subapp="omapp"][data-status="ready"]').waitFor({ timeout: 60_000 });
  const handle = await browser.page.locator('div[data-subapp="omapp"] iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no omapp frame');
  await frame.locator(`main[data-page="${ALARM_LIST}"] .ant-table`).waitFor({ timeout: 60_000 });
  await frame.evaluate(WATCH_NAMES);
  return { browser, frame };
}

async function tilt(adminPort: number, deviceKey: string) {
  const answer = await fetch(`http://127.0.0.1:${adminPort}/_sim/fleet/${deviceKey}/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'tilt', seconds: 600 } }),
  });
  if (!answer.ok) throw new Error(`the fleet did not tilt ${deviceKey}: ${await answer.text()}`);
}

async function measure() {
  const mqttPort = await freePort();
  const adminPort = await freePort();
  const started = wallMs();
  const server = await startServer({
    DEMO_DEVICES: String(DEVICES),
    MQTT_PORT: String(mqttPort),
    SUBAPP_HOSTS: HAS_BUILDS ? 'omapp' : 'none',
    LOG_LEVEL: 'error',
    // What is measured is the work, not load shedding.
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}: server up with ${DEVICES} devices in ${ms(wallMs() - started)}`);
  const fleetOptions = {
    devices: DEVICES,
    mqttPort,
    adminPort,
    reportSeconds: REPORT_SECONDS,
    connectRate: CONNECT_RATE,
  };
  const fleet = startFleetProcess(fleetOptions);
  const fleetExited = new Promise<void>((done) => fleet.once('exit', () => done()));
  let browser: Browser | null = null;
  try {
    const stats = await whenFleetConnected(fleetOptions, CONNECT_GRACE_MS);
    console.log(`  ${stats.connected} of ${DEVICES} devices connected; settling`);
    await pause(SETTLE_MS);

    const feed = await followFeed(server.baseUrl, await signInToken(server.baseUrl));
    const page = HAS_BUILDS ? await openAlarmList(server.baseUrl) : null;
    browser = page?.browser ?? null;
    if (!page) console.log('  (no shell or omapp build: the browser is left out)');

    const lids = demoFleetPlan(DEVICES)
      .filter((device) => device.typeCode === '0501')
      .slice(0, TILTS);
    const asked = new Map<string, number>();
    for (const lid of lids) {
      await page?.frame.evaluate((name) => {
        (window as unknown as { awaited: string[] }).awaited.push(name);
      }, lid.name);
      asked.set(lid.name, wallMs());
      await tilt(adminPort, lid.deviceKey);
      await pause(GAP_MS);
    }
    const deadline = wallMs() + WAIT_MS;
    const painted = async () =>
      page
        ? await page.frame.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen)
        : {};
    let shown = await painted();
    while (
      wallMs() < deadline &&
      (feed.raised.size < lids.length || (page && Object.keys(shown).length < lids.length))
    ) {
      await pause(200);
      shown = await painted();
    }
    const since = (at: number | undefined, name: string) => {
      const start = asked.get(name);
      return at === undefined || start === undefined ? [] : [at - start];
    };
    const socket = lids.flatMap((lid) => since(feed.raised.get(lid.name), lid.name));
    console.log(
      `  ${lids.length} lids tilted ${GAP_MS} ms apart under ${(DEVICES / REPORT_SECONDS).toFixed(0)} reports/s`,
    );
    console.log(
      `    event → raised on the alarm feed: ${summary(socket)} (${socket.length} of ${lids.length})`,
    );
    if (page) {
      const rows = lids.flatMap((lid) => since(shown[lid.name], lid.name));
      console.log(
        `    event → row painted on alarmList (Chromium): ${summary(rows)} (${rows.length} of ${lids.length})`,
      );
    }
    feed.close();
  } finally {
    await browser?.close();
    fleet.kill('SIGTERM');
    await Promise.race([fleetExited, pause(15_000)]);
    await server.stop();
  }
}

console.log(
  `Alarms: ${DEVICES} simulated devices, one report each per ${REPORT_SECONDS} s; ${TILTS} well lids tilt`,
);
await measure();
