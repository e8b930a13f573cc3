import {
  alarmCallEndpoints,
  API_PREFIX,
  DEMO_ALARM_BOXES,
  HEADER_ACCESS_TOKEN,
  type AlarmRecord,
  type Endpoint,
} from '@cityops/contract';
import type { Frame } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlarmStack, type AlarmStack } from '../src/alarm.js';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { openVideoPage, pageIn } from '../src/video.js';

/*
 * 报警监控 and 报警监控（旧版） as a duty officer opens them: the server in demo mode with
 * its eight demo boxes, the first signed in by the alarm-box simulator. The pages load without a
 * refusal, the map draws every box it counts, and the count of live calls follows a press, the answer
 * and the hang-up.
 */
const MONITOR = '/iotcloud/iot/alarmbox/monitor';
const MONITOR_OLD = '/iotcloud/iot/alarmbox/monitorOld';
const [first] = DEMO_ALARM_BOXES;

let stack: AlarmStack;
let browser: Browser;
/** Every refused answer of an alarm-box endpoint the pages got (path and message). */
const refused: string[] = [];

beforeAll(async () => {
  stack = await startAlarmStack({ boxes: 1 });
  browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
  browser.page.on('response', (response) => {
    if (!response.url().includes(`${API_PREFIX}/onKeyAlarm/`)) return;
    void response
      .json()
      .then((body: { status_code?: number; message?: string }) => {
        if (body.status_code !== 1) refused.push(`${response.url()}: ${body.message ?? ''}`);
      })
      .catch(() => undefined);
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});
afterEach(async (context) => {
  if (browser) await keepEvidence(browser, context.task);
});

/** Calls the API with the browser's session (the signed-in admin); a GET without a body. */
async function call<T>(endpoint: Endpoint, body?: unknown): Promise<T> {
  const token = (await browser.context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '';
  const answer = await fetch(`${stack.server.baseUrl}${API_PREFIX}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      [HEADER_ACCESS_TOKEN]: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await answer.json()) as { status_code: number; message: string; data: T };
  if (envelope.status_code !== 1) throw new Error(`${endpoint.path}: ${envelope.message}`);
  return envelope.data;
}

/** The count beside 正在呼叫 on a monitor page. */
const liveCount = (frame: Frame, path: string) =>
  pageIn(frame, path).getByTestId('live-calls').getByTestId('live-call-count').textContent();

/** No refusal said in the frame's or the shell's message bar. */
async function noRefusalShown(frame: Frame) {
  expect(await frame.locator('.ant-message-error').count()).toBe(0);
  expect(await browser.page.locator('.ant-message-error').count()).toBe(0);
  expect(await frame.getByText(/不支持的参数/).count()).toBe(0);
}

describe('报警监控', () => {
  it('loads without a refusal, draws the boxes it counts, and counts a live call from press to hang-up', async () => {
    if (!first) throw new Error('no demo boxes');
    await stack.boxes.waitFor(first.deviceKey, 'idle', 30_000);
    const frame = await openVideoPage(browser, stack.server.baseUrl, MONITOR);
    const monitor = pageIn(frame, MONITOR);

    // Every demo box is located, counted and in the map's view.
    const total = DEMO_ALARM_BOXES.length;
    await monitor
      .getByTestId('map-count')
      .getByText(`地图上 ${total} 个，共 ${total} 个`)
      .waitFor({ timeout: 30_000 });
    const map = monitor.getByRole('region', { name: '地图' });
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => map.getAttribute('data-markers'), { timeout: 10_000 }).toBe(String(total));
    await expect
      .poll(() => map.getAttribute('data-markers-in-view'), { timeout: 10_000 })
      .toBe(String(total));

    await expect.poll(() => liveCount(frame, MONITOR), { timeout: 10_000 }).toBe('0');
    await stack.boxes.press(first.deviceKey);
    await expect.poll(() => liveCount(frame, MONITOR), { timeout: 15_000 }).toBe('1');
    await monitor.getByTestId('live-calls').getByText(first.name).waitFor({ timeout: 5_000 });

    // Answered (here through the API, as another operator would): still a live call, with who talks.
    const calls = await call<AlarmRecord[]>(alarmCallEndpoints.current);
    const pressed = calls.find((record) => record.deviceDto.devName === first.name);
    if (!pressed) throw new Error('the press is not a current call');
    await call(alarmCallEndpoints.updateAlarmPeople, {
      alarmId: [pressed.id],
      devId: [pressed.devId],
      interfaceType: 1,
    });
    await monitor
      .getByTestId('live-calls')
      .getByText(/^接听人：/)
      .waitFor({ timeout: 15_000 });
    expect(await liveCount(frame, MONITOR)).toBe('1');

    await stack.boxes.hangup(first.deviceKey);
    await expect.poll(() => liveCount(frame, MONITOR), { timeout: 15_000 }).toBe('0');
    await noRefusalShown(frame);
    expect(refused).toEqual([]);
  }, 180_000);

  it('报警监控（旧版） loads without a refusal and counts a press', async () => {
    if (!first) throw new Error('no demo boxes');
    await stack.boxes.waitFor(first.deviceKey, 'idle', 30_000);
    const frame = await openVideoPage(browser, stack.server.baseUrl, MONITOR_OLD);
    await expect.poll(() => liveCount(frame, MONITOR_OLD), { timeout: 15_000 }).toBe('0');
    await stack.boxes.press(first.deviceKey);
    await expect.poll(() => liveCount(frame, MONITOR_OLD), { timeout: 15_000 }).toBe('1');
    await stack.boxes.hangup(first.deviceKey);
    await expect.poll(() => liveCount(frame, MONITOR_OLD), { timeout: 15_000 }).toBe('0');
    await noRefusalShown(frame);
    expect(refused).toEqual([]);
  }, 120_000);
});
