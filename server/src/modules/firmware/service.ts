import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  UPGRADE_PAGE,
  type createUpgradeJobSchema,
  type firmwareListRequestSchema,
  type FirmwareRow,
  type TextKey,
  type upgradeJobListRequestSchema,
  type UpgradeJobResult,
  type UpgradeJobRow,
  type UpgradeRefusal,
  type upgradeTargetListRequestSchema,
  type uploadFirmwareSchema,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { StoredFile } from '../../http/download.js';
import { refuse } from '../../http/envelope.js';
import type { ReceivedFile } from '../../http/upload.js';
import { findProduct } from '../devices/repository.js';
import { projectScope, type DevicesCtx } from '../devices/service.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';
import { readToken } from './token.js';

/**
 * Firmware and upgrade jobs (page `upgrade`). A firmware row and its file come and go together, as
 * the version service's packages do (modules/editions): received under a temporary name by the shared
 * upload route, moved to the row's id inside the transaction that writes the row.
 */

type Ctx = DevicesCtx;

const FIRMWARE_FIELDS = [
  'productId',
  'version',
  'notes',
  'fileName',
  'fileSize',
  'checksum',
] as const satisfies readonly (keyof FirmwareRow)[];

export const firmwareDir = (ctx: Pick<Ctx, 'config'>) => join(ctx.config.DATA_DIR, 'uploads', 'firmware');
const firmwarePath = (ctx: Pick<Ctx, 'config'>, firmwareId: number) =>
  join(firmwareDir(ctx), String(firmwareId));

export const firmwarePage = (ctx: Ctx, request: z.output<typeof firmwareListRequestSchema>) =>
  repo.firmwarePage(ctx.db, request);

async function firmwareRow(db: Database, firmwareId: number) {
  return (await repo.findFirmware(db, firmwareId)) ?? refuse('firmware.notFound');
}

/** The product exists and the version is new to it (checked before the file, and again when storing). */
export async function checkFirmwareFields(db: Database, input: z.output<typeof uploadFirmwareSchema>) {
  if (!(await findProduct(db, input.productId))) refuse('product.notFound');
  if (await repo.versionTaken(db, input.productId, input.version))
    refuse('firmware.versionTaken', { version: input.version });
}

export async function uploadFirmware(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof uploadFirmwareSchema>,
  file: ReceivedFile,
): Promise<FirmwareRow> {
  const now = ctx.now();
  let placed: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await repo.lockUpgrades(tx);
      await checkFirmwareFields(tx, input);
      const firmwareId = await repo.insertFirmware(tx, {
        productId: input.productId,
        version: input.version,
        notes: input.notes,
        fileName: file.fileName,
        fileSize: file.size,
        checksum: file.checksum,
        editor: actor.account,
        createdAt: now,
      });
      const created = await firmwareRow(tx, firmwareId);
      await recordAudit(tx, actor, now, {
        module: UPGRADE_PAGE,
        action: 'create',
        targetId: firmwareId,
        targetName: `${created.productName} ${created.version}`,
        changes: changedFields(null, created, FIRMWARE_FIELDS),
      });
      placed = firmwarePath(ctx, firmwareId);
      await rename(file.path, placed);
      return created;
    });
  } catch (error) {
    if (placed) await rm(placed, { force: true });
    throw error;
  }
}

/** Deletes a firmware no job uses, then (once committed) its file. */
export async function deleteFirmware(ctx: Ctx, actor: Actor, firmwareId: number, log: FastifyBaseLogger) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.lockUpgrades(tx);
    const before = await firmwareRow(tx, firmwareId);
    if (await repo.firmwareUsed(tx, firmwareId)) refuse('firmware.inUse');
    await repo.deleteFirmware(tx, firmwareId);
    await recordAudit(tx, actor, now, {
      module: UPGRADE_PAGE,
      action: 'delete',
      targetId: firmwareId,
      targetName: `${before.productName} ${before.version}`,
      changes: changedFields(before, null, FIRMWARE_FIELDS),
    });
  });
  await rm(firmwarePath(ctx, firmwareId), { force: true }).catch((error: unknown) => {
    log.warn(
      { firmwareId, error: error instanceof Error ? error.name : typeof error },
      'firmware file not removed',
    );
  });
}

// ---- jobs ----

export const jobPage = (ctx: Ctx, request: z.output<typeof upgradeJobListRequestSchema>) =>
  repo.jobPage(ctx.db, request);

async function jobRow(db: Database, jobId: number): Promise<UpgradeJobRow> {
  return (await repo.findJob(db, jobId)) ?? refuse('upgrade.jobNotFound');
}

export const findJob = (ctx: Ctx, jobId: number) => jobRow(ctx.db, jobId);

export async function targetPage(
  ctx: Ctx,
  userId: number,
  request: z.output<typeof upgradeTargetListRequestSchema>,
) {
  await jobRow(ctx.db, request.jobId);
  return repo.targetPage(ctx.db, request, await projectScope(ctx, ctx.db, userId));
}

const refusal = (device: { id: number; name: string }, reason: TextKey): UpgradeRefusal => ({
  deviceId: device.id,
  name: device.name,
  reason,
  values: {},
});

/**
 * Which of the candidates may join: of the firmware's product, enabled, in a project the user sees
 * and in no other unfinished upgrade. The others are answered row by row.
 */
async function sortOut(
  ctx: Ctx,
  db: Database,
  userId: number,
  productId: number,
  candidates: readonly repo.Candidate[],
) {
  const scope = await projectScope(ctx, db, userId);
  const accepted: repo.Candidate[] = [];
  const refused: UpgradeRefusal[] = [];
  for (const device of candidates) {
    if (scope !== null && !scope.includes(device.projectId))
      refused.push(refusal(device, 'upgrade.refused.notVisible'));
    else if (device.productId !== productId) refused.push(refusal(device, 'upgrade.refused.otherProduct'));
    else if (!device.enabled) refused.push(refusal(device, 'upgrade.refused.disabled'));
    else if (device.busyJob !== null)
      refused.push({ ...refusal(device, 'upgrade.refused.busy'), values: { jobId: device.busyJob } });
    else accepted.push(device);
  }
  return { accepted, refused };
}

export async function createJob(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof createUpgradeJobSchema>,
): Promise<UpgradeJobResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockUpgrades(tx);
    const firmware = await firmwareRow(tx, input.firmwareId);
    let candidates: repo.Candidate[];
    const refused: UpgradeRefusal[] = [];
    if (input.projectId !== undefined) {
      await checkVisible(ctx, tx, actor.userId, input.projectId);
      candidates = await repo.candidatesOfProject(tx, firmware.productId, input.projectId);
    } else {
      const ids = [...new Set(input.deviceIds ?? [])];
      candidates = await repo.candidatesByIds(tx, ids);
      const found = new Set(candidates.map((device) => device.id));
      for (const id of ids)
        if (!found.has(id)) refused.push(refusal({ id, name: '' }, 'upgrade.refused.notFound'));
    }
    const sorted = await sortOut(ctx, tx, actor.userId, firmware.productId, candidates);
    refused.push(...sorted.refused);
    if (sorted.accepted.length === 0) return refuse('upgrade.noDevices');
    const jobId = await repo.insertJob(tx, {
      name: input.name,
      firmwareId: firmware.firmwareId,
      timeoutSeconds: input.timeoutSeconds,
      editor: actor.account,
      createdAt: now,
    });
    await repo.insertTargets(
      tx,
      jobId,
      sorted.accepted.map((device) => ({ deviceId: device.id, fromVersion: device.firmwareVersion })),
      now,
    );
    await recordAudit(tx, actor, now, {
      module: UPGRADE_PAGE,
      action: 'create',
      targetId: jobId,
      targetName: input.name,
      changes: [
        { field: 'firmware', before: null, after: `${firmware.productName} ${firmware.version}` },
        { field: 'devices', before: null, after: String(sorted.accepted.length) },
      ],
    });
    return { job: await jobRow(tx, jobId), refused };
  });
}

export async function cancelJob(ctx: Ctx, actor: Actor, jobId: number): Promise<UpgradeJobRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockUpgrades(tx);
    const job = await jobRow(tx, jobId);
    if (job.state !== 'running') refuse('upgrade.notRunning');
    await repo.cancelTargets(tx, jobId, now);
    await repo.setJobState(tx, jobId, 'cancelled', now);
    await recordAudit(tx, actor, now, {
      module: UPGRADE_PAGE,
      action: 'update',
      targetId: jobId,
      targetName: job.name,
      changes: [{ field: 'state', before: job.state, after: 'cancelled' }],
    });
    return jobRow(tx, jobId);
  });
}

/** The failed targets go again; the job runs again if it had finished. */
export async function retryJob(ctx: Ctx, actor: Actor, jobId: number): Promise<UpgradeJobResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockUpgrades(tx);
    const job = await jobRow(tx, jobId);
    if (job.state === 'cancelled') refuse('upgrade.notRunning');
    const failed = await repo.failedTargets(tx, jobId);
    const scope = await projectScope(ctx, tx, actor.userId);
    const again: number[] = [];
    const refused: UpgradeRefusal[] = [];
    for (const target of failed) {
      const device = { id: target.deviceId, name: target.name };
      if (scope !== null && !scope.includes(target.projectId))
        refused.push(refusal(device, 'upgrade.refused.notVisible'));
      else if (target.busyJob !== null)
        refused.push({ ...refusal(device, 'upgrade.refused.busy'), values: { jobId: target.busyJob } });
      else again.push(target.deviceId);
    }
    if (again.length === 0) return refuse('upgrade.noDevices');
    await repo.resetTargets(tx, jobId, again, now);
    if (job.state === 'finished') await repo.setJobState(tx, jobId, 'running', null);
    await recordAudit(tx, actor, now, {
      module: UPGRADE_PAGE,
      action: 'update',
      targetId: jobId,
      targetName: job.name,
      changes: [{ field: 'retried', before: null, after: String(again.length) }],
    });
    return { job: await jobRow(tx, jobId), refused };
  });
}

/** The file a device's download token names, while its upgrade is under way and the token is good. */
export async function otaFile(ctx: Ctx, token: string): Promise<StoredFile> {
  const claims = readToken(ctx.secrets, token, ctx.now()) ?? refuse('ota.tokenInvalid');
  const file =
    (await repo.downloadable(ctx.db, claims.jobId, claims.deviceId, claims.firmwareId)) ??
    refuse('ota.tokenInvalid');
  return { path: firmwarePath(ctx, claims.firmwareId), fileName: file.fileName, checksum: file.checksum };
}
