import { readFleetSettings } from '../fleet/settings.js';
import { readAlarmBoxSettings, runDemoAlarmBoxes } from './settings.js';

/**
 * Runs the demo alarm columns alone (without the camera platforms and the fleet) until interrupted:
 *   npx tsx simulators/src/alarmbox/main.ts
 * Settings: settings.ts and simulators/README.md; the broker defaults to the fleet's FLEET_MQTT_URL.
 * Device secrets are never printed.
 */
const running = await runDemoAlarmBoxes(
  readAlarmBoxSettings(process.env),
  readFleetSettings(process.env).FLEET_MQTT_URL,
  process.env.SIM_HOST ?? '127.0.0.1',
  (line) => console.log(line),
);
if (!running) console.log('Alarm boxes: ALARMBOX_COUNT is 0, nothing to run');

const stop = () => {
  void (running?.close() ?? Promise.resolve()).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by another process (a benchmark, a browser test): go when it goes.
if (process.send) process.once('disconnect', stop);
