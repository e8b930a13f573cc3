/**
 * The fleet simulator in a process of its own, as the device benchmarks run it: it plays the demo
 * devices over MQTT and answers its counters (and takes faults) on an admin port. Measures nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The simulator's /_sim/fleet answer, as much of it as the benchmarks read. */
const fleetStatsSchema = z.object({
  ok: z.literal(true),
  data: z.object({
    connected: z.number(),
    published: z.number(),
    refused: z.number(),
    connects: z.number(),
    backlogged: z.number(),
  }),
});
export type FleetStats = z.output<typeof fleetStatsSchema>['data'];

export interface FleetOptions {
  devices: number;
  mqttPort: number;
  adminPort: number;
  reportSeconds: number;
  connectRate: number;
}

export function startFleetProcess(options: FleetOptions): ChildProcess {
  return fork(new URL('../simulators/src/fleet/main.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DEMO_DEVICES: String(options.devices),
      FLEET_MQTT_URL: `mqtt://127.0.0.1:${options.mqttPort}`,
      FLEET_REPORT_SECONDS: String(options.reportSeconds),
      FLEET_FAULTS: 'off',
      FLEET_CONNECT_RATE: String(options.connectRate),
      FLEET_ADMIN_PORT: String(options.adminPort),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export async function fleetStats(adminPort: number): Promise<FleetStats> {
  const answer = await fetch(`http://127.0.0.1:${adminPort}/_sim/fleet`);
  return fleetStatsSchema.parse(await answer.json()).data;
}

/**
 * Waits until every device is connected, or until the time they should have taken at the connect
 * rate plus `graceMs` has passed (a loaded server accepts fewer a second than asked): answers the
 * counters then, so the caller measures what is connected and says so.
 */
export async function whenFleetConnected(options: FleetOptions, graceMs: number): Promise<FleetStats> {
  const deadline = Date.now() + (options.devices / options.connectRate) * 1000 + graceMs;
  let stats: FleetStats = { connected: 0, published: 0, refused: 0, connects: 0, backlogged: 0 };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stats = await fleetStats(options.adminPort).catch(() => stats);
    if (stats.connected >= options.devices || Date.now() > deadline) break;
  }
  if (stats.connected === 0) throw new Error(`no device connected (${stats.refused} refusals)`);
  return stats;
}

/** CPU seconds (user + system) of another process, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
