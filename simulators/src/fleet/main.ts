import { readFleetSettings, runFleet } from './settings.js';

/**
 * Runs the device fleet alone (without the camera platforms) until interrupted:
 *   npx tsx simulators/src/fleet/main.ts
 * Settings: see settings.ts and simulators/README.md. Device secrets are never printed.
 */
const running = await runFleet(readFleetSettings(process.env), process.env.SIM_HOST ?? '127.0.0.1', (line) =>
  console.log(line),
);
if (!running) console.log('Device fleet: DEMO_DEVICES is 0, nothing to run');

const stop = () => {
  void (running?.close() ?? Promise.resolve()).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by another process (the device benchmark): go when it goes.
if (process.send) process.once('disconnect', stop);
