import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  compareVersions,
  EDITION_SERVICE,
  editionPackage,
  pathOf,
  API_PREFIX,
  type EditionPlatform,
  type EditionRow,
  type LatestEdition,
  type editionListRequestSchema,
  type publishEditionSchema,
  type updateEditionSchema,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import type { StoredFile } from '../../http/download.js';
import type { ReceivedFile } from '../../http/upload.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import * as repo from './repository.js';

/**
 * The version service (editionService): published packages of the client apps. A row and its file
 * come and go together: the file is received under a temporary name, moved to its id's name inside
 * the transaction that writes the row, and removed when the row is deleted.
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'config'>;
type PublishInput = z.output<typeof publishEditionSchema>;
type UpdateInput = z.output<typeof updateEditionSchema>;

const LOGGED_FIELDS = [
  'platform',
  'version',
  'notes',
  'forceUpdate',
  'fileName',
  'fileSize',
  'checksum',
] as const satisfies readonly (keyof EditionRow)[];

/** Where the packages lie: DATA_DIR/uploads/editions, each named by its row's id (never the upload's name). */
export const packagesDir = (ctx: Pick<Ctx, 'config'>) => join(ctx.config.DATA_DIR, 'uploads', 'editions');
const packagePath = (ctx: Pick<Ctx, 'config'>, editionId: number) =>
  join(packagesDir(ctx), String(editionId));

/** How the operation log names a version: `android 1.2.3`. */
const nameOf = (edition: EditionRow) => `${edition.platform} ${edition.version}`;

export const editionPage = (ctx: Ctx, request: z.output<typeof editionListRequestSchema>) =>
  repo.editionPage(ctx.db, request);

async function editionRow(db: Database, editionId: number): Promise<EditionRow> {
  return (await repo.findEdition(db, editionId)) ?? refuse('admin.notFound');
}

/** Versions are published one at a time, so two uploads of the same version cannot both pass the check. */
const lockEditions = (db: Database) => db.execute(sql`select pg_advisory_xact_lock(hashtext('editions'))`);

/** Refuses a version the platform has already (checked before the package is received, and again on publishing). */
export async function checkVersionFree(db: Database, input: Pick<PublishInput, 'platform' | 'version'>) {
  if (await repo.versionTaken(db, input.platform, input.version))
    refuse('edition.versionTaken', { version: input.version });
}

export async function publishEdition(
  ctx: Ctx,
  actor: Actor,
  input: PublishInput,
  file: ReceivedFile,
): Promise<EditionRow> {
  const now = ctx.now();
  let placed: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockEditions(tx);
      await checkVersionFree(tx, input);
      const editionId = await repo.insertEdition(tx, {
        platform: input.platform,
        version: input.version,
        notes: input.notes,
        forceUpdate: input.forceUpdate,
        fileName: file.fileName,
        fileSize: file.size,
        checksum: file.checksum,
        publisher: actor.account,
        createdAt: now,
        updatedAt: now,
      });
      const created = await editionRow(tx, editionId);
      await recordAudit(tx, actor, now, {
        module: EDITION_SERVICE,
        action: 'create',
        targetId: editionId,
        targetName: nameOf(created),
        changes: changedFields(null, created, LOGGED_FIELDS),
      });
      // Last before the commit: a failure here undoes the row too.
      placed = packagePath(ctx, editionId);
      await rename(file.path, placed);
      return created;
    });
  } catch (error) {
    // The commit failed after the file was moved: no row names it, so it goes.
    if (placed) await rm(placed, { force: true });
    throw error;
  }
}

export async function updateEdition(ctx: Ctx, actor: Actor, input: UpdateInput): Promise<EditionRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await editionRow(tx, input.editionId);
    await repo.updateEdition(tx, input.editionId, {
      notes: input.notes,
      forceUpdate: input.forceUpdate,
      updatedAt: now,
    });
    const after = await editionRow(tx, input.editionId);
    await recordAudit(tx, actor, now, {
      module: EDITION_SERVICE,
      action: 'update',
      targetId: input.editionId,
      targetName: nameOf(before),
      changes: changedFields(before, after, LOGGED_FIELDS),
    });
    return after;
  });
}

/** Deletes the row, then (once that is committed) its package. */
export async function deleteEdition(ctx: Ctx, actor: Actor, editionId: number, log: FastifyBaseLogger) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockEditions(tx);
    const before = await editionRow(tx, editionId);
    await repo.deleteEdition(tx, editionId);
    await recordAudit(tx, actor, now, {
      module: EDITION_SERVICE,
      action: 'delete',
      targetId: editionId,
      targetName: nameOf(before),
      changes: changedFields(before, null, LOGGED_FIELDS),
    });
  });
  await rm(packagePath(ctx, editionId), { force: true }).catch((error: unknown) => {
    log.warn(
      { editionId, error: error instanceof Error ? error.name : typeof error },
      'package file not removed',
    );
  });
}

/** The newest version of a platform for a client at `current`: whether to update, and whether it must. */
export async function latestEdition(
  ctx: Ctx,
  platform: EditionPlatform,
  current: string | undefined,
): Promise<LatestEdition> {
  const latest = await repo.latestEdition(ctx.db, platform);
  if (!latest) return null;
  const hasUpdate = current === undefined || compareVersions(latest.version, current) > 0;
  const { publisher: _publisher, updateTime: _updateTime, downloads: _downloads, ...shown } = latest;
  return {
    ...shown,
    downloadUrl: `${API_PREFIX}${pathOf(editionPackage, { id: latest.editionId })}`,
    hasUpdate,
    mustUpdate: hasUpdate && (await repo.forcedAfter(ctx.db, platform, current)),
  };
}

/** A version's package to send; `counted` downloads (the public call's) add one to the row's count. */
export async function packageFile(ctx: Ctx, editionId: number, counted: boolean): Promise<StoredFile> {
  const edition = await editionRow(ctx.db, editionId);
  return {
    path: packagePath(ctx, editionId),
    fileName: edition.fileName,
    checksum: edition.checksum,
    ...(counted ? { sending: () => repo.countDownload(ctx.db, editionId) } : {}),
  };
}
