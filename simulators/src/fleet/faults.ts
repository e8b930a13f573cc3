import { z } from 'zod';

/**
 * Faults a simulated device can be made to show, at random (a low rate, `faults: true`) or on demand
 * (`fleet.inject(key, fault)`, `POST /_sim/fleet/:key/fault`):
 * - offline: the connection drops without a goodbye (the broker sends the will message) and the device
 *   stays silent for `seconds`, then reconnects;
 * - outOfRange: one report carries a value outside the thing model (e.g. pm25 = 1200), which the platform
 *   must record as a fault, not store;
 * - tilt (well lids): the lid reports a tilt of 20-60° and raises `tiltAlarm`, for `seconds`;
 * - malformed: one telemetry message that is not JSON.
 */
export const fleetFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline'), seconds: z.number().positive().max(86_400) }).strict(),
  z.object({ kind: z.literal('outOfRange') }).strict(),
  z.object({ kind: z.literal('tilt'), seconds: z.number().positive().max(86_400).default(120) }).strict(),
  z.object({ kind: z.literal('malformed') }).strict(),
]);
export type FleetFault = z.input<typeof fleetFaultSchema>;

/** Chance per report of each random fault when faults are on: rare, a few a minute at 10,000 devices. */
export const FAULT_RATES = {
  offline: 1 / 40_000,
  outOfRange: 1 / 20_000,
  tilt: 1 / 10_000,
  malformed: 1 / 100_000,
} as const;

/** Picks the random fault of one report, if any; `random` gives one draw in [0, 1). */
export function randomFault(random: () => number, isLid: boolean): z.output<typeof fleetFaultSchema> | null {
  let draw = random();
  const pick = (rate: number) => {
    if (draw < rate) return true;
    draw -= rate;
    return false;
  };
  if (pick(FAULT_RATES.offline)) return { kind: 'offline', seconds: 30 + Math.floor(random() * 270) };
  if (pick(FAULT_RATES.outOfRange)) return { kind: 'outOfRange' };
  if (isLid && pick(FAULT_RATES.tilt)) return { kind: 'tilt', seconds: 60 + Math.floor(random() * 240) };
  if (pick(FAULT_RATES.malformed)) return { kind: 'malformed' };
  return null;
}
