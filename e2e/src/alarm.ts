import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ALARM_BOXES } from '@cityops/contract';
import {
  demoDeviceSecret,
  startAlarmBoxes,
  startSimulators,
  type AlarmBoxes,
  type Simulators,
} from '../../simulators/src/index.js';
import { freePort, startServer, type RunningServer } from './server.js';
import { toneWav } from './video.js';

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
