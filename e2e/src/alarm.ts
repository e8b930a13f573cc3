import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ALARM_BOXES } from '@cityops/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  demoDeviceSecret,
  startAlarmBoxes,
  startSimulators,
  type AlarmBoxes,
  type Simulators,
} from '../../simulators/src/index.js';
import { keepEvidence, type Browser } from './browser.js';
import { freePort, startServer, type RunningServer } from './server.js';
import { signIn } from './signIn.js';
import { openVideoBrowser, toneWav } from './video.js';

/** What the operators' fake microphones play, and what the boxes' speakers send: told apart by pitch. */
export const OPERATOR_TONE_HZ = 1000;
export const BOX_TONE_HZ = 600;

/**
 * One-key alarm calls end to end: the camera simulators (the boxes' cameras), the server in demo mode
 * with its embedded broker and the iotcloud frame, and the first `boxes` demo alarm columns signed in
 * to it by the alarm-box simulator.
 */
export interface AlarmStack {
  sims: Simulators;
  server: RunningServer;
  boxes: AlarmBoxes;
  /** The fake microphone's WAV. */
  tonePath: string;
  stop(): Promise<void>;
}

export async function startAlarmStack(options: { boxes?: number } = {}): Promise<AlarmStack> {
  const dir = await mkdtemp(join(tmpdir(), 'cityops-alarm-'));
  const tonePath = join(dir, 'tone.wav');
  await writeFile(tonePath, toneWav(OPERATOR_TONE_HZ));
  const sims = await startSimulators({ host: '127.0.0.1', hikPort: 0, iccPort: 0, lingerMs: 1000 });
  const mqttPort = await freePort();
  let running: RunningServer;
  try {
    running = await startServer({
      SIM_HIK_URL: sims.hik.url,
      SIM_ICC_URL: sims.icc.url,
      MQTT_PORT: String(mqttPort),
      // The demo boxes are seeded with the demo fleet; one fleet device is enough.
      DEMO_DEVICES: '1',
      SUBAPP_HOSTS: 'iotcloud',
    });
  } catch (error) {
    await sims.close();
    throw error;
  }
  let boxes: AlarmBoxes;
  try {
    boxes = await startAlarmBoxes({
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      toneHz: BOX_TONE_HZ,
      adminPort: -1,
      boxes: DEMO_ALARM_BOXES.slice(0, options.boxes ?? 2).map((box) => ({
        deviceKey: box.deviceKey,
        secret: demoDeviceSecret(box.deviceKey),
        name: box.name,
      })),
    });
  } catch (error) {
    await running.stop();
    await sims.close();
    throw error;
  }
  const started = boxes;
  return {
    sims,
    server: running,
    boxes: started,
    tonePath,
    async stop() {
      await started.close();
      await running.stop();
      await sims.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a measured pitch is the expected one (within one FFT bin of a 1 s window at 8 kHz, and then some). */
export const near = (hz: number | null | undefined, expected: number) =>
  hz !== null && hz !== undefined && Math.abs(hz - expected) <= 30;

/**
 * A test file's one alarm stack (`boxes` demo boxes signed in), up before its tests and down after
 * them, and its operators: `operator(account)` opens Chromium with the fake microphone and signs in;
 * each test's browsers are closed after it, with a screenshot when it failed. Read `.stack` in tests.
 */
export function alarmStackPerFile(boxes: number) {
  const browsers: Browser[] = [];
  let started: AlarmStack | null = null;
  const held = {
    get stack(): AlarmStack {
      if (!started) throw new Error('the alarm stack did not start');
      return started;
    },
    async operator(account: { userName: string; password: string }): Promise<Browser> {
      const browser = await openVideoBrowser(held.stack.tonePath);
      browsers.push(browser);
      await signIn(browser.page, held.stack.server.baseUrl, account);
      return browser;
    },
    /** Closes an operator's browser during the test (a browser that goes away). */
    async close(browser: Browser) {
      browsers.splice(browsers.indexOf(browser), 1);
      await browser.close();
    },
  };
  beforeAll(async () => {
    started = await startAlarmStack({ boxes });
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
  });
  afterEach(async (context) => {
    for (const browser of browsers.splice(0)) {
      await keepEvidence(browser, context.task);
      await browser.close();
    }
  });
  return held;
}

/** The latest alarm notice of a box on the page. */
export const alarmNotice = (page: Page, boxName: string) =>
  page.locator('[data-alarm-notice]', { hasText: boxName }).last();
