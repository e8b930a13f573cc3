import { z } from 'zod';
import { DEMO_ALARM_BOX_COUNT, DEMO_ALARM_BOXES } from '@cityops/contract';
import { demoDeviceSecret } from '../fleet/secret.js';
import { startAlarmBoxes } from './boxes.js';
import type { AlarmBoxes } from './index.js';
import { runScenario } from './scenario.js';

/** An unset or empty variable takes the default. */
const unsetIsDefault = (value: unknown) => (value === '' ? undefined : value);
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIsDefault, schema);

/**
 * The demo boxes' settings, from the environment (simulators/README.md lists them): ALARMBOX_COUNT,
 * ALARMBOX_MQTT_URL (default: the fleet's broker), ALARMBOX_ADMIN_PORT, ALARMBOX_TONE_HZ,
 * ALARMBOX_DEMO_PRESS_SECONDS.
 */
export const alarmBoxSettingsSchema = z.object({
  /** How many of the demo boxes (contract alarmbox/demo.ts) to run; 0 = none. */
  ALARMBOX_COUNT: setting(
    z.coerce.number().int().min(0).max(DEMO_ALARM_BOX_COUNT).default(DEMO_ALARM_BOX_COUNT),
  ),
  ALARMBOX_MQTT_URL: setting(
    z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\/[^\s]+$/, 'an mqtt://host:port address')
      .optional(),
  ),
  /** The /_sim/alarmbox routes; 0 = any free port, -1 = none. */
  ALARMBOX_ADMIN_PORT: setting(z.coerce.number().int().min(-1).max(65_535).default(10_804)),
  ALARMBOX_TONE_HZ: setting(z.coerce.number().int().min(100).max(3900).default(1000)),
  /** Press a random idle box every this many seconds (it rings up to 60 s, talks up to 60 s); 0 = off. */
  ALARMBOX_DEMO_PRESS_SECONDS: setting(z.coerce.number().min(0).max(86_400).default(0)),
});
export type AlarmBoxSettings = z.output<typeof alarmBoxSettingsSchema>;

export function readAlarmBoxSettings(env: NodeJS.ProcessEnv): AlarmBoxSettings {
  const parsed = alarmBoxSettingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad alarm box settings: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** What the demo presses do: ring up to a minute, talk up to a minute once answered. */
const DEMO_SCENARIO = { answerWithinMs: 60_000, talkMs: 60_000 };

export interface RunningAlarmBoxes {
  boxes: AlarmBoxes;
  close(): Promise<void>;
}

/**
 * Starts the demo boxes with their demo secrets against `fallbackUrl` (unless ALARMBOX_MQTT_URL says
 * otherwise), their admin routes, and the demo presses; null when ALARMBOX_COUNT is 0.
 */
export async function runDemoAlarmBoxes(
  settings: AlarmBoxSettings,
  fallbackUrl: string,
  host: string,
  log: (line: string) => void,
): Promise<RunningAlarmBoxes | null> {
  if (settings.ALARMBOX_COUNT === 0) return null;
  const url = settings.ALARMBOX_MQTT_URL ?? fallbackUrl;
  const boxes = await startAlarmBoxes({
    mqttUrl: url,
    boxes: DEMO_ALARM_BOXES.slice(0, settings.ALARMBOX_COUNT).map((box) => ({
      deviceKey: box.deviceKey,
      secret: demoDeviceSecret(box.deviceKey),
      name: box.name,
    })),
    toneHz: settings.ALARMBOX_TONE_HZ,
    adminPort: settings.ALARMBOX_ADMIN_PORT,
    host,
    log,
  });
  const pressEvery = settings.ALARMBOX_DEMO_PRESS_SECONDS;
  const presser =
    pressEvery > 0
      ? setInterval(() => {
          const idle = boxes.views().filter((view) => view.connected && view.state === 'idle');
          const chosen = idle[Math.floor(Math.random() * idle.length)];
          if (chosen) void runScenario(boxes, { boxes: [chosen.deviceKey], ...DEMO_SCENARIO });
        }, pressEvery * 1000)
      : null;
  log(
    `Alarm boxes: ${settings.ALARMBOX_COUNT} one-key alarm columns → ${url}, tone ${settings.ALARMBOX_TONE_HZ} Hz` +
      (boxes.adminUrl ? `; admin ${boxes.adminUrl}/_sim/alarmbox/boxes` : '') +
      (presser ? `; a random box is pressed every ${pressEvery} s` : ''),
  );
  return {
    boxes,
    async close() {
      if (presser) clearInterval(presser);
      await boxes.close();
    },
  };
}
