import type { Frame } from 'playwright-core';
import { startFleet, type Fleet } from '../../simulators/src/index.js';
import { openBrowser, type Browser } from './browser.js';
import { freePort, startServer, type RunningServer } from './server.js';
import { DEMO, signIn } from './signIn.js';
import { IOTCLOUD_FRAME, iotcloudFrame } from './video.js';

/** The server in demo mode with its embedded MQTT broker, and the simulated fleet connected to it. */
export interface DeviceStack {
  server: RunningServer;
  fleet: Fleet;
  stop(): Promise<void>;
}

/**
 * Starts the real server (demo seed of `devices` devices, the embedded broker on a free port, the
 * iotcloud frame served) and the fleet simulator playing those devices over MQTT: reports every
 * `reportSeconds`, no injected faults.
 */
export async function startDeviceStack(
  options: { devices?: number; reportSeconds?: number; subApps?: string } = {},
): Promise<DeviceStack> {
  const devices = options.devices ?? 20;
  const mqttPort = await freePort();
  const running = await startServer({
    DEMO_DEVICES: String(devices),
    MQTT_PORT: String(mqttPort),
    SUBAPP_HOSTS: options.subApps ?? 'iotcloud',
  });
  const fleet = startFleet({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    count: devices,
    reportSeconds: options.reportSeconds ?? 1,
    faults: false,
  });
  try {
    await fleet.whenConnected(devices, 60_000);
  } catch (error) {
    await fleet.close();
    await running.stop();
    throw error;
  }
  return {
    server: running,
    fleet,
    async stop() {
      await fleet.close();
      await running.stop();
    },
  };
}

export const openDeviceBrowser = () => openBrowser({ viewport: { width: 1600, height: 900 } });

/** Signs in (once per browser) and opens an iotcloud page; answers the frame it runs in. */
export async function openIotPage(browser: Browser, baseUrl: string, path: string): Promise<Frame> {
  const { page } = browser;
  if (!page.url().startsWith(baseUrl) || page.url().endsWith('/login'))
    await signIn(page, baseUrl, DEMO.admin);
  await page.goto(`${baseUrl}${path}`);
  await page.locator(`${IOTCLOUD_FRAME}`).waitFor({ timeout: 30_000 });
  await page.locator('div[data-subapp="iotcloud"][data-status="ready"]').waitFor({ timeout: 30_000 });
  const frame = await iotcloudFrame(page);
  await frame.locator(`main[data-page="${path}"]`).waitFor({ timeout: 30_000 });
  return frame;
}

/** Opens a page of a sub-app in the signed-in shell (navigating there); answers the frame it runs in. */
export async function openSubAppPage(browser: Browser, baseUrl: string, app: string, path: string) {
  const { page } = browser;
  await page.goto(`${baseUrl}${path}`);
  await page.locator(`div[data-subapp="${app}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
  const frame = await (
    await page.locator(`div[data-subapp="${app}"] iframe`).elementHandle()
  )?.contentFrame();
  if (!frame) throw new Error(`no ${app} frame`);
  await frame.locator(`main[data-page="${path}"]`).waitFor({ timeout: 30_000 });
  return frame;
}
