import { z } from 'zod';
import { DEMO_FLEET_DEFAULT, DEMO_FLEET_MAX } from '@cityops/contract';
import { serveFleetAdmin } from './adminRoutes.js';
import { startFleet, type Fleet } from './fleet.js';

/** An unset or empty variable takes the default. */
const unsetIsDefault = (value: unknown) => (value === '' ? undefined : value);
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIsDefault, schema);

/**
 * The fleet's settings, from the environment (simulators/README.md lists them):
 * DEMO_DEVICES (the same variable the server's demo seed reads), FLEET_MQTT_URL, FLEET_REPORT_SECONDS,
 * FLEET_FAULTS, FLEET_CONNECT_RATE, FLEET_ADMIN_PORT, FLEET_OTA_CORRUPT.
 */
export const fleetSettingsSchema = z.object({
  DEMO_DEVICES: setting(z.coerce.number().int().min(0).max(DEMO_FLEET_MAX).default(DEMO_FLEET_DEFAULT)),
  FLEET_MQTT_URL: setting(
    z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\/[^\s]+$/, 'an mqtt://host:port address')
      .default('mqtt://127.0.0.1:1883'),
  ),
  FLEET_REPORT_SECONDS: setting(z.coerce.number().min(0.1).max(3600).default(10)),
  FLEET_FAULTS: setting(z.enum(['on', 'off']).default('on')),
  FLEET_CONNECT_RATE: setting(z.coerce.number().int().min(1).max(10_000).default(200)),
  /** The /_sim/fleet routes; 0 = any free port, -1 = none. */
  FLEET_ADMIN_PORT: setting(z.coerce.number().int().min(-1).max(65_535).default(10_803)),
  /** Device keys (comma-separated) whose firmware downloads arrive damaged: their upgrades fail the checksum. */
  FLEET_OTA_CORRUPT: setting(
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter((key) => key !== ''),
      ),
  ),
});
export type FleetSettings = z.output<typeof fleetSettingsSchema>;

export function readFleetSettings(env: NodeJS.ProcessEnv): FleetSettings {
  const parsed = fleetSettingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad fleet settings: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export interface RunningFleet {
  fleet: Fleet;
  adminUrl: string | null;
  close(): Promise<void>;
}

/** Starts the fleet and its admin routes as the settings say; null when DEMO_DEVICES is 0. */
export async function runFleet(
  settings: FleetSettings,
  host: string,
  log: (line: string) => void,
): Promise<RunningFleet | null> {
  if (settings.DEMO_DEVICES === 0) return null;
  const fleet = startFleet({
    url: settings.FLEET_MQTT_URL,
    count: settings.DEMO_DEVICES,
    reportSeconds: settings.FLEET_REPORT_SECONDS,
    faults: settings.FLEET_FAULTS === 'on',
    connectsPerSecond: settings.FLEET_CONNECT_RATE,
    ota: { corrupt: (deviceKey) => settings.FLEET_OTA_CORRUPT.includes(deviceKey) },
    log,
  });
  const admin =
    settings.FLEET_ADMIN_PORT >= 0 ? await serveFleetAdmin(fleet, host, settings.FLEET_ADMIN_PORT) : null;
  log(
    `Device fleet: ${settings.DEMO_DEVICES} devices → ${settings.FLEET_MQTT_URL}, one report each per ` +
      `${settings.FLEET_REPORT_SECONDS} s, faults ${settings.FLEET_FAULTS}` +
      (admin ? `; admin ${admin.url}/_sim/fleet` : ''),
  );
  return {
    fleet,
    adminUrl: admin?.url ?? null,
    async close() {
      await admin?.close();
      await fleet.close();
    },
  };
}
