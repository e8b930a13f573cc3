import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection.js';
import * as repo from './repository.js';

/**
 * Telemetry partitions (README.md): one partition of iot_telemetry per UTC day, made from
 * yesterday to three days ahead, on start and daily; whole days older than the retention are dropped.
 */

const DAY_MS = 86_400_000;
/** Days made ahead of today, so a stopped timer or a restart near midnight never misses one. */
const DAYS_AHEAD = 3;

const dayStart = (time: Date) => new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);
export const partitionName = (day: Date) =>
  `iot_telemetry_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** The day a partition holds, from its name. */
function dayOf(name: string): Date | null {
  const match = /^iot_telemetry_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00.000Z`) : null;
}

/** Makes the missing day partitions and drops the expired ones; answers what it did. */
export async function maintainPartitions(db: Database, now: Date, retentionDays: number) {
  const today = dayStart(now);
  const existing = new Set(await repo.telemetryPartitions(db));
  const created: string[] = [];
  for (let offset = -1; offset <= DAYS_AHEAD; offset += 1) {
    const from = new Date(today.getTime() + offset * DAY_MS);
    const name = partitionName(from);
    if (existing.has(name)) continue;
    await repo.createDayPartition(db, name, from, new Date(from.getTime() + DAY_MS));
    created.push(name);
  }
  const cutoff = new Date(today.getTime() - retentionDays * DAY_MS);
  const dropped: string[] = [];
  for (const name of existing) {
    const day = dayOf(name);
    // A partition goes once its whole day is older than the retention.
    if (day && day.getTime() + DAY_MS <= cutoff.getTime()) {
      await repo.dropPartition(db, name);
      dropped.push(name);
    }
  }
  await repo.purgeDefaultPartition(db, cutoff);
  await repo.purgeFaults(db, cutoff);
  return { created, dropped };
}

/** Maintains the partitions now and then every `everyMs`; failures are logged and tried again next time. */
export function startPartitionMaintenance(options: {
  db: Database;
  now(): Date;
  retentionDays: number;
  log: FastifyBaseLogger;
  everyMs?: number;
}) {
  const run = async () => {
    try {
      const done = await maintainPartitions(options.db, options.now(), options.retentionDays);
      if (done.created.length + done.dropped.length > 0) options.log.info(done, 'iot: telemetry partitions');
    } catch (error) {
      options.log.error({ err: error }, 'iot: telemetry partitions could not be maintained');
    }
  };
  const first = run();
  const timer = setInterval(() => void run(), options.everyMs ?? 6 * 3_600_000);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
