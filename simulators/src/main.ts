import { readAlarmBoxSettings, runDemoAlarmBoxes } from './alarmbox/settings.js';
import { readFleetSettings, runFleet } from './fleet/settings.js';
import { startSimulators } from './startSimulators.js';

/**
 * Runs both simulated camera platforms and the device fleet until interrupted:
 *   npx tsx simulators/src/main.ts
 * Settings: SIM_HOST (127.0.0.1), SIM_HIK_PORT (10801), SIM_ICC_PORT (10802), SIM_HIK_APP_KEY,
 * SIM_HIK_APP_SECRET, SIM_ICC_USERNAME, SIM_ICC_PASSWORD, SIM_ICC_CLIENT_ID, SIM_ICC_CLIENT_SECRET;
 * the fleet's DEMO_DEVICES, FLEET_MQTT_URL, FLEET_REPORT_SECONDS, FLEET_FAULTS, FLEET_CONNECT_RATE,
 * FLEET_ADMIN_PORT (fleet/settings.ts); the alarm boxes' ALARMBOX_COUNT, ALARMBOX_MQTT_URL,
 * ALARMBOX_ADMIN_PORT, ALARMBOX_TONE_HZ, ALARMBOX_DEMO_PRESS_SECONDS (alarmbox/settings.ts). Secrets are
 * never printed.
 */
const env = process.env;
const fleetSettings = readFleetSettings(env);
const alarmBoxSettings = readAlarmBoxSettings(env);
const port = (value: string | undefined, fallback: number) => {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`bad port: ${value ?? ''}`);
  return parsed;
};

const simulators = await startSimulators({
  host: env.SIM_HOST ?? '127.0.0.1',
  hikPort: port(env.SIM_HIK_PORT, 10801),
  iccPort: port(env.SIM_ICC_PORT, 10802),
  hik: { appKey: env.SIM_HIK_APP_KEY, appSecret: env.SIM_HIK_APP_SECRET },
  icc: {
    username: env.SIM_ICC_USERNAME,
    password: env.SIM_ICC_PASSWORD,
    clientId: env.SIM_ICC_CLIENT_ID,
    clientSecret: env.SIM_ICC_CLIENT_SECRET,
  },
});

const count = (platform: string) =>
  simulators.cameras.filter((camera) => camera.platform === platform).length;
const secretSource = (name: string) =>
  env[name] ? `from ${name}` : 'demo default, see simulators/README.md';
console.log(
  `Hikvision-ISC-shaped platform: ${simulators.hik.url}/artemis/api/...  (${count('hik')} cameras)`,
);
console.log(`  appKey ${simulators.hik.appKey}, appSecret ${secretSource('SIM_HIK_APP_SECRET')}`);
console.log(`Dahua-ICC-shaped platform:     ${simulators.icc.url}/evo-apigw/...  (${count('icc')} cameras)`);
console.log(
  `  username ${simulators.icc.username}, clientId ${simulators.icc.clientId}, password and client secret ${secretSource('SIM_ICC_PASSWORD')}`,
);
console.log(
  `Admin: ${simulators.hik.url}/_sim/cameras, ${simulators.hik.url}/_sim/encoders (also on the ICC port)`,
);

// The fleet keeps trying until the server's broker is up (make start starts the server second).
const fleet = await runFleet(fleetSettings, env.SIM_HOST ?? '127.0.0.1', (line) => console.log(line));
// The alarm columns too: they sign in to the same broker and keep trying until it is up.
const alarmBoxes = await runDemoAlarmBoxes(
  alarmBoxSettings,
  fleetSettings.FLEET_MQTT_URL,
  env.SIM_HOST ?? '127.0.0.1',
  (line) => console.log(line),
);

const stop = () => {
  void Promise.all([simulators.close(), fleet?.close(), alarmBoxes?.close()]).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
