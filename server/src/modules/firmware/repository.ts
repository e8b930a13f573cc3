import {
  UNFINISHED_TARGET_STATES,
  UPGRADE_TARGET_STATES,
  type firmwareListRequestSchema,
  type FirmwareRow,
  type UpgradeCounts,
  type upgradeJobListRequestSchema,
  type UpgradeJobRow,
  type UpgradeJobState,
  type upgradeTargetListRequestSchema,
  type UpgradeTargetRow,
  type UpgradeTargetState,
} from '@cityops/contract';
import { and, asc, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import type { ProjectScope } from '../devices/repository.js';
import { devices, products } from '../devices/tables.js';
import { firmware, upgradeJobs, upgradeTargets } from './tables.js';

/** The only database queries of firmware upgrades. */

type FirmwareListRequest = z.output<typeof firmwareListRequestSchema>;
type JobListRequest = z.output<typeof upgradeJobListRequestSchema>;
type TargetListRequest = z.output<typeof upgradeTargetListRequestSchema>;

const iso = (date: Date) => date.toISOString();
const UNFINISHED = [...UNFINISHED_TARGET_STATES];
/** Results of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/** Upgrades are created and retried one at a time, so two cannot both take the same device. */
export const lockUpgrades = (db: Database) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('iot'), hashtext('upgrades'))`);

// ---- firmware ----

const firmwareColumns = {
  firmwareId: firmware.id,
  productId: firmware.productId,
  productName: products.name,
  productNameEn: products.nameEn,
  version: firmware.version,
  notes: firmware.notes,
  fileName: firmware.fileName,
  fileSize: firmware.fileSize,
  checksum: firmware.checksum,
  editor: firmware.editor,
  createdAt: firmware.createdAt,
};

const toFirmware = ({ createdAt, ...row }: { createdAt: Date } & Omit<FirmwareRow, 'createdAt'>) => ({
  ...row,
  createdAt: iso(createdAt),
});

export function firmwarePage(db: Database, request: FirmwareListRequest) {
  const where = and(
    request.productId ? eq(firmware.productId, request.productId) : undefined,
    request.version ? ilike(firmware.version, containing(request.version)) : undefined,
  );
  const column = request.sortField === 'version' ? firmware.version : firmware.createdAt;
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...firmwareColumns, total: totalOver })
        .from(firmware)
        .innerJoin(products, eq(products.id, firmware.productId))
        .where(where)
        .orderBy(direction(column), direction(firmware.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(firmware, where)) ?? 0,
    ({ total: _total, ...row }) => toFirmware(row),
  );
}

export async function findFirmware(db: Database, firmwareId: number): Promise<FirmwareRow | null> {
  const [row] = await db
    .select(firmwareColumns)
    .from(firmware)
    .innerJoin(products, eq(products.id, firmware.productId))
    .where(eq(firmware.id, firmwareId));
  return row ? toFirmware(row) : null;
}

export async function versionTaken(db: Database, productId: number, version: string) {
  const [row] = await db
    .select({ id: firmware.id })
    .from(firmware)
    .where(and(eq(firmware.productId, productId), sql`lower(${firmware.version}) = lower(${version})`));
  return row !== undefined;
}

export async function insertFirmware(db: Database, values: typeof firmware.$inferInsert) {
  const [row] = await db.insert(firmware).values(values).returning({ id: firmware.id });
  if (!row) throw new Error('the firmware was not inserted');
  return row.id;
}

export async function deleteFirmware(db: Database, firmwareId: number) {
  await db.delete(firmware).where(eq(firmware.id, firmwareId));
}

/** Whether any job (finished ones too: they keep their history) names the firmware. */
export async function firmwareUsed(db: Database, firmwareId: number) {
  return ((await db.$count(upgradeJobs, eq(upgradeJobs.firmwareId, firmwareId))) ?? 0) > 0;
}

// ---- jobs ----

const jobColumns = {
  jobId: upgradeJobs.id,
  name: upgradeJobs.name,
  firmwareId: upgradeJobs.firmwareId,
  version: firmware.version,
  productId: firmware.productId,
  productName: products.name,
  productNameEn: products.nameEn,
  state: upgradeJobs.state,
  timeoutSeconds: upgradeJobs.timeoutSeconds,
  editor: upgradeJobs.editor,
  createdAt: upgradeJobs.createdAt,
  finishedAt: upgradeJobs.finishedAt,
};

const jobsQuery = (db: Database) =>
  db
    .select(jobColumns)
    .from(upgradeJobs)
    .innerJoin(firmware, eq(firmware.id, upgradeJobs.firmwareId))
    .innerJoin(products, eq(products.id, firmware.productId));
type JobSelected = Awaited<ReturnType<typeof jobsQuery>>[number];

const emptyCounts = (): UpgradeCounts =>
  Object.fromEntries(UPGRADE_TARGET_STATES.map((state) => [state, 0])) as UpgradeCounts;

/** Each job's targets counted by state, and their mean progress. */
async function countsOf(db: Database, jobIds: readonly number[]) {
  const result = new Map<number, { counts: UpgradeCounts; total: number; progress: number }>();
  if (jobIds.length === 0) return result;
  const rows = await db
    .select({
      jobId: upgradeTargets.jobId,
      state: upgradeTargets.state,
      count: sql<number>`cast(count(*) as integer)`.mapWith(Number),
      progress: sql<number>`cast(coalesce(sum(${upgradeTargets.progress}), 0) as integer)`.mapWith(Number),
    })
    .from(upgradeTargets)
    .where(inArray(upgradeTargets.jobId, [...jobIds]))
    .groupBy(upgradeTargets.jobId, upgradeTargets.state);
  for (const jobId of jobIds) result.set(jobId, { counts: emptyCounts(), total: 0, progress: 0 });
  for (const row of rows) {
    const entry = result.get(row.jobId);
    if (!entry) continue;
    entry.counts[row.state as UpgradeTargetState] = row.count;
    entry.total += row.count;
    entry.progress += row.state === 'succeeded' ? row.count * 100 : row.progress;
  }
  for (const entry of result.values())
    entry.progress = entry.total === 0 ? 0 : Math.round(entry.progress / entry.total);
  return result;
}

async function toJobs(db: Database, rows: readonly JobSelected[]): Promise<UpgradeJobRow[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.map(({ createdAt, finishedAt, state, ...row }) => ({
    ...row,
    // Written only from the contract's states (the table's check holds them to those).
    state: state as UpgradeJobState,
    createdAt: iso(createdAt),
    finishedAt: finishedAt ? iso(finishedAt) : null,
    ...(counts.get(row.jobId) ?? { counts: emptyCounts(), total: 0, progress: 0 }),
  }));
}

export async function jobPage(db: Database, request: JobListRequest) {
  const where = and(
    request.name ? ilike(upgradeJobs.name, containing(request.name)) : undefined,
    request.state ? eq(upgradeJobs.state, request.state) : undefined,
  );
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...jobColumns, total: totalOver })
    .from(upgradeJobs)
    .innerJoin(firmware, eq(firmware.id, upgradeJobs.firmwareId))
    .innerJoin(products, eq(products.id, firmware.productId))
    .where(where)
    .orderBy(direction(upgradeJobs.createdAt), direction(upgradeJobs.id))
    .limit(request.pageSize)
    .offset((request.pageNum - 1) * request.pageSize);
  const jobs = await toJobs(
    db,
    rows.map(({ total: _total, ...row }) => row),
  );
  const total = rows[0]?.total ?? (request.pageNum > 1 ? ((await db.$count(upgradeJobs, where)) ?? 0) : 0);
  return { list: jobs, total, pageNum: request.pageNum, pageSize: request.pageSize };
}

export async function findJob(db: Database, jobId: number): Promise<UpgradeJobRow | null> {
  const [row] = await jobsQuery(db).where(eq(upgradeJobs.id, jobId));
  return row ? ((await toJobs(db, [row]))[0] ?? null) : null;
}

export async function insertJob(db: Database, values: typeof upgradeJobs.$inferInsert) {
  const [row] = await db.insert(upgradeJobs).values(values).returning({ id: upgradeJobs.id });
  if (!row) throw new Error('the job was not inserted');
  return row.id;
}

// ---- devices of a job ----

export interface Candidate {
  id: number;
  name: string;
  productId: number;
  projectId: number;
  enabled: boolean;
  firmwareVersion: string;
  /** The job of the unfinished upgrade the device is in, if any. */
  busyJob: number | null;
}

// The device column is written out: drizzle leaves a column in a select's SQL without its table.
const busyJob = sql<number | null>`(select t.job_id from ${upgradeTargets} t
  where t.device_id = "iot_devices"."device_id"
  and t.state in ('pending', 'sent', 'downloading', 'installing') limit 1)`;

const candidateColumns = {
  id: devices.id,
  name: devices.name,
  productId: devices.productId,
  projectId: devices.projectId,
  enabled: devices.enabled,
  firmwareVersion: devices.firmwareVersion,
  busyJob,
};

export function candidatesByIds(db: Database, ids: readonly number[]): Promise<Candidate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(candidateColumns)
    .from(devices)
    .where(inArray(devices.id, [...ids]));
}

export function candidatesOfProject(db: Database, productId: number, projectId: number) {
  return db
    .select(candidateColumns)
    .from(devices)
    .where(and(eq(devices.productId, productId), eq(devices.projectId, projectId)))
    .orderBy(asc(devices.id));
}

const INSERT_CHUNK = 1000;

export async function insertTargets(
  db: Database,
  jobId: number,
  targets: readonly { deviceId: number; fromVersion: string }[],
  now: Date,
) {
  for (let start = 0; start < targets.length; start += INSERT_CHUNK)
    await db.insert(upgradeTargets).values(
      targets.slice(start, start + INSERT_CHUNK).map((target) => ({
        jobId,
        deviceId: target.deviceId,
        fromVersion: target.fromVersion,
        state: 'pending',
        updatedAt: now,
      })),
    );
}

/** The failed targets of a job, with whether their device is in another unfinished upgrade now. */
export function failedTargets(db: Database, jobId: number) {
  return db
    .select({ deviceId: upgradeTargets.deviceId, name: devices.name, projectId: devices.projectId, busyJob })
    .from(upgradeTargets)
    .innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
    .where(and(eq(upgradeTargets.jobId, jobId), eq(upgradeTargets.state, 'failed')));
}

export async function resetTargets(db: Database, jobId: number, deviceIds: readonly number[], now: Date) {
  if (deviceIds.length === 0) return;
  await db
    .update(upgradeTargets)
    .set({ state: 'pending', progress: 0, message: '', sentAt: null, updatedAt: now })
    .where(and(eq(upgradeTargets.jobId, jobId), inArray(upgradeTargets.deviceId, [...deviceIds])));
}

export async function setJobState(db: Database, jobId: number, state: UpgradeJobState, at: Date | null) {
  await db.update(upgradeJobs).set({ state, finishedAt: at }).where(eq(upgradeJobs.id, jobId));
}

/** Cancels the targets not yet under way on the device (pending, sent). */
export async function cancelTargets(db: Database, jobId: number, now: Date) {
  await db
    .update(upgradeTargets)
    .set({ state: 'cancelled', updatedAt: now })
    .where(and(eq(upgradeTargets.jobId, jobId), inArray(upgradeTargets.state, ['pending', 'sent'])));
}

export function targetPage(db: Database, request: TargetListRequest, scope: ProjectScope) {
  const where = and(
    eq(upgradeTargets.jobId, request.jobId),
    request.state ? eq(upgradeTargets.state, request.state) : undefined,
    scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(devices.projectId, [...scope]),
  );
  const direction = (request.sortOrder ?? 'asc') === 'asc' ? asc : desc;
  const order = request.sortField === 'updatedAt' ? upgradeTargets.updatedAt : upgradeTargets.deviceId;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({
          jobId: upgradeTargets.jobId,
          deviceId: upgradeTargets.deviceId,
          deviceKey: devices.deviceKey,
          deviceName: devices.name,
          projectId: devices.projectId,
          online: devices.online,
          firmwareVersion: devices.firmwareVersion,
          fromVersion: upgradeTargets.fromVersion,
          state: upgradeTargets.state,
          progress: upgradeTargets.progress,
          message: upgradeTargets.message,
          sentAt: upgradeTargets.sentAt,
          updatedAt: upgradeTargets.updatedAt,
          total: totalOver,
        })
        .from(upgradeTargets)
        .innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
        .where(where)
        .orderBy(direction(order), direction(upgradeTargets.deviceId))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
          .from(upgradeTargets)
          .innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
          .where(where)
      )[0]?.n ?? 0,
    ({ total: _total, sentAt, updatedAt, state, ...row }): UpgradeTargetRow => ({
      ...row,
      state: state as UpgradeTargetState,
      sentAt: sentAt ? iso(sentAt) : null,
      updatedAt: iso(updatedAt),
    }),
  );
}

// ---- the dispatcher ----

export interface Dispatch {
  jobId: number;
  deviceId: number;
  deviceKey: string;
  firmwareId: number;
  version: string;
  fileSize: number;
  checksum: string;
  timeoutSeconds: number;
}

/**
 * Takes up to `limit` pending targets of running jobs whose device is online and enabled, marking
 * them sent; rows another instance is taking are skipped.
 */
export async function takePending(db: Database, limit: number, now: Date): Promise<Dispatch[]> {
  const result = await db.execute<{
    job_id: number;
    device_id: number;
    device_key: string;
    firmware_id: number;
    version: string;
    file_size: string | number;
    checksum: string;
    timeout_seconds: number;
  }>(sql`
    with taken as (
      select t.job_id, t.device_id from ${upgradeTargets} t
      join ${upgradeJobs} j on j.job_id = t.job_id and j.state = 'running'
      join ${devices} d on d.device_id = t.device_id and d.online and d.enabled
      where t.state = 'pending'
      order by t.job_id, t.device_id
      limit ${limit}
      for update of t skip locked
    )
    update ${upgradeTargets} t set state = 'sent', sent_at = ${now.toISOString()}, updated_at = ${now.toISOString()}, progress = 0
    from taken, ${upgradeJobs} j, ${firmware} f, ${devices} d
    where t.job_id = taken.job_id and t.device_id = taken.device_id
      and j.job_id = t.job_id and f.firmware_id = j.firmware_id and d.device_id = t.device_id
    returning t.job_id, t.device_id, d.device_key, f.firmware_id, f.version, f.file_size, f.checksum,
      j.timeout_seconds`);
  return rowsOf<{
    job_id: number;
    device_id: number;
    device_key: string;
    firmware_id: number;
    version: string;
    file_size: string | number;
    checksum: string;
    timeout_seconds: number;
  }>(result).map((row) => ({
    jobId: Number(row.job_id),
    deviceId: Number(row.device_id),
    deviceKey: row.device_key,
    firmwareId: Number(row.firmware_id),
    version: row.version,
    fileSize: Number(row.file_size),
    checksum: row.checksum,
    timeoutSeconds: Number(row.timeout_seconds),
  }));
}

/** A target's new state, only from one of `from` (so a late report cannot undo an end). */
export async function moveTarget(
  db: Database,
  key: { jobId: number; deviceId: number },
  from: readonly UpgradeTargetState[],
  change: { state: UpgradeTargetState; progress?: number; message?: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(upgradeTargets)
    .set({ ...change, updatedAt: now })
    .where(
      and(
        eq(upgradeTargets.jobId, key.jobId),
        eq(upgradeTargets.deviceId, key.deviceId),
        inArray(upgradeTargets.state, [...from]),
      ),
    )
    .returning({ jobId: upgradeTargets.jobId });
  return rows.length > 0;
}

/** The device's upgrade under way on the device (sent, downloading, installing), with the version sent. */
export async function activeTarget(db: Database, deviceId: number) {
  const [row] = await db
    .select({
      jobId: upgradeTargets.jobId,
      state: upgradeTargets.state,
      version: firmware.version,
    })
    .from(upgradeTargets)
    .innerJoin(upgradeJobs, eq(upgradeJobs.id, upgradeTargets.jobId))
    .innerJoin(firmware, eq(firmware.id, upgradeJobs.firmwareId))
    .where(
      and(
        eq(upgradeTargets.deviceId, deviceId),
        inArray(upgradeTargets.state, ['sent', 'downloading', 'installing']),
      ),
    );
  return row ?? null;
}

/** The file a download token names, while the target is still under way. */
export async function downloadable(db: Database, jobId: number, deviceId: number, firmwareId: number) {
  const [row] = await db
    .select({ fileName: firmware.fileName, checksum: firmware.checksum })
    .from(upgradeTargets)
    .innerJoin(upgradeJobs, eq(upgradeJobs.id, upgradeTargets.jobId))
    .innerJoin(firmware, eq(firmware.id, upgradeJobs.firmwareId))
    .where(
      and(
        eq(upgradeTargets.jobId, jobId),
        eq(upgradeTargets.deviceId, deviceId),
        eq(firmware.id, firmwareId),
        inArray(upgradeTargets.state, ['sent', 'downloading', 'installing']),
      ),
    );
  return row ?? null;
}

/**
 * The watchdog: targets under way on the device that have not moved for their job's timeout fail
 * (`silentMessage`), and pending ones whose device stayed offline as long fail (`offlineMessage`).
 */
export async function failOverdue(
  db: Database,
  now: Date,
  messages: { silent: (seconds: number) => string; offline: string },
): Promise<number> {
  const overdue = await db
    .select({
      jobId: upgradeTargets.jobId,
      deviceId: upgradeTargets.deviceId,
      state: upgradeTargets.state,
      timeoutSeconds: upgradeJobs.timeoutSeconds,
    })
    .from(upgradeTargets)
    .innerJoin(upgradeJobs, eq(upgradeJobs.id, upgradeTargets.jobId))
    .where(
      and(
        // A cancelled job's devices already downloading or installing are watched too: a silent one
        // must not stay in an unfinished upgrade (and out of every later job) for ever.
        inArray(upgradeTargets.state, UNFINISHED),
        lt(
          upgradeTargets.updatedAt,
          sql`${now.toISOString()}::timestamptz - make_interval(secs => ${upgradeJobs.timeoutSeconds})`,
        ),
      ),
    );
  let failed = 0;
  for (const target of overdue) {
    const message = target.state === 'pending' ? messages.offline : messages.silent(target.timeoutSeconds);
    const from: UpgradeTargetState[] = [target.state as UpgradeTargetState];
    if (await moveTarget(db, target, from, { state: 'failed', message: message.slice(0, 200) }, now))
      failed += 1;
  }
  return failed;
}

/** Running jobs without an unfinished target are finished; answers their ids. */
export async function finishDone(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .update(upgradeJobs)
    .set({ state: 'finished', finishedAt: now })
    .where(
      and(
        eq(upgradeJobs.state, 'running'),
        sql`not exists (select 1 from ${upgradeTargets} t where t.job_id = ${upgradeJobs.id}
          and t.state in ('pending', 'sent', 'downloading', 'installing'))`,
      ),
    )
    .returning({ id: upgradeJobs.id });
  return rows.map((row) => row.id);
}
