import {
  coordinatePair,
  POINT_IMPORT_COLUMNS,
  POINT_IMPORT_MAX,
  POINT_IMPORT_PAGE,
  POINT_KIND_NAMES,
  POINT_KINDS,
  pointFieldsShape,
  type ImportReport,
  type PointKind,
} from '@cityops/contract';
import { z } from 'zod';
import type { Database } from '../../db/connection.js';
import {
  cellNumber,
  cellText as text,
  ProblemList,
  readSheet,
  type SheetRow,
} from '../../http/importSheet.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import * as devicesRepo from '../devices/repository.js';
import { projectScope } from '../devices/service.js';
import * as repo from './repository.js';
import type { PointsCtx } from './service.js';

/**
 * The point import (batchImportPoint): an .xlsx of up to POINT_IMPORT_MAX rows under the
 * template's header, read by the same sheet reader as the device import. Each row is checked with the
 * point form's rules; the report names each refused row, its column and why. The good rows go in
 * together in ONE transaction: all of them, or (on a database failure) none.
 */

type Columns = typeof POINT_IMPORT_COLUMNS;
type Problems = ProblemList<Columns>;

/** The point form's fields a row carries directly (the rest are looked up by name). */
const rowSchema = z
  .object({
    code: pointFieldsShape.code,
    name: pointFieldsShape.name,
    segment: pointFieldsShape.segment,
    longitude: pointFieldsShape.longitude,
    latitude: pointFieldsShape.latitude,
    address: pointFieldsShape.address,
    height: pointFieldsShape.height,
    remarks: pointFieldsShape.remarks,
  })
  .superRefine(coordinatePair);
type RowFields = z.output<typeof rowSchema>;

/** A kind by its zh-CN name or its code (any case); '' is a pole. */
const KINDS = new Map<string, PointKind>([
  ...POINT_KINDS.map((kind) => [kind, kind] as const),
  ...POINT_KINDS.map((kind) => [POINT_KIND_NAMES[kind], kind] as const),
]);

interface Candidate {
  row: number;
  fields: RowFields;
  kind: PointKind;
  projectId: number;
  areaId: number | null;
  siteId: number | null;
}

type Lookups = Awaited<ReturnType<typeof loadLookups>>;

/** The user's projects by name; their areas and sites by project and name (the first of a name). */
async function loadLookups(ctx: PointsCtx, userId: number) {
  const projects = await devicesRepo.projectsByName(ctx.db, await projectScope(ctx, ctx.db, userId));
  const ids = projects.map((project) => project.id);
  const byName = (rows: readonly { id: number; name: string; projectId: number }[]) => {
    const found = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.projectId}\u0000${row.name}`;
      if (!found.has(key)) found.set(key, row.id);
    }
    return found;
  };
  return {
    projects: new Map(projects.map((project) => [project.name, project.id])),
    areas: byName(await devicesRepo.areasOfProjects(ctx.db, ids)),
    sites: byName(await repo.sitesOfProjects(ctx.db, ids)),
  };
}

/** A number cell as the form's number; text that is no number stays text (the schema refuses it). */
const heightOf = (value: string | number) => {
  const cell = cellNumber(value);
  if (cell === '') return null;
  return typeof cell === 'number' || Number.isNaN(Number(cell)) ? cell : Number(cell);
};

function checkRow({ row, raw }: SheetRow<Columns>, lookups: Lookups, problems: Problems): Candidate | null {
  const before = problems.problems.length;
  const input = {
    code: text(raw.code),
    name: text(raw.name),
    segment: text(raw.segment),
    longitude: cellNumber(raw.longitude),
    latitude: cellNumber(raw.latitude),
    address: text(raw.address),
    height: heightOf(raw.height),
    remarks: text(raw.remarks),
  };
  const parsed = rowSchema.safeParse(input);
  if (!parsed.success) problems.addInvalid(row, parsed.error, input, 'code');
  const kindName = text(raw.kind);
  const kind = kindName === '' ? 'pole' : (KINDS.get(kindName.toLowerCase()) ?? KINDS.get(kindName));
  if (!kind) problems.add(row, 'kind', 'import.unknownKind', { value: kindName });
  const projectName = text(raw.projectName);
  const projectId = lookups.projects.get(projectName);
  if (projectId === undefined)
    problems.add(row, 'projectName', 'import.unknownProject', { value: projectName });
  const lookUp = (column: 'areaName' | 'siteName', found: Map<string, number>, reason: string) => {
    const name = text(raw[column]);
    if (name === '' || projectId === undefined) return null;
    const id = found.get(`${projectId}\u0000${name}`) ?? null;
    if (id === null) problems.add(row, column, reason, { value: name });
    return id;
  };
  const areaId = lookUp('areaName', lookups.areas, 'import.unknownArea');
  const siteId = lookUp('siteName', lookups.sites, 'import.unknownSite');
  if (!parsed.success || !kind || projectId === undefined || problems.problems.length > before) return null;
  return { row, fields: parsed.data, kind, projectId, areaId, siteId };
}

/** The same code twice in the file (ignoring case): the later rows are refused, naming the first. */
function refuseRepeats(candidates: Candidate[], problems: Problems): Candidate[] {
  const first = new Map<string, number>();
  return candidates.filter((candidate) => {
    const code = candidate.fields.code.toLowerCase();
    const earlier = first.get(code);
    if (earlier === undefined) {
      first.set(code, candidate.row);
      return true;
    }
    problems.add(candidate.row, 'code', 'import.duplicatePoint', { row: earlier });
    return false;
  });
}

/** Rows whose code is taken already (read under the points' lock). */
async function refuseTaken(tx: Database, candidates: Candidate[], problems: Problems) {
  const taken = await repo.takenCodes(
    tx,
    candidates.map((candidate) => candidate.fields.code),
  );
  return candidates.filter((candidate) => {
    if (!taken.has(candidate.fields.code.toLowerCase())) return true;
    problems.add(candidate.row, 'code', 'point.codeTaken');
    return false;
  });
}

/** Imports the workbook at `path` for the user; answers the row-by-row report. */
export async function importPoints(
  ctx: PointsCtx,
  actor: Actor,
  path: string,
  fileName: string,
): Promise<ImportReport> {
  const rows = await readSheet(path, POINT_IMPORT_COLUMNS, POINT_IMPORT_MAX, 'import.tooManyPoints');
  const lookups = await loadLookups(ctx, actor.userId);
  const problems = new ProblemList(POINT_IMPORT_COLUMNS);
  const checked = rows.flatMap((row) => checkRow(row, lookups, problems) ?? []);
  const candidates = refuseRepeats(checked, problems);
  const now = ctx.now();
  const imported = await ctx.db.transaction(async (tx) => {
    await repo.lockCodes(tx);
    const good = await refuseTaken(tx, candidates, problems);
    await repo.insertPoints(
      tx,
      good.map(({ fields, kind, projectId, areaId, siteId }) => ({
        ...fields,
        longitude: fields.longitude ?? null,
        latitude: fields.latitude ?? null,
        kind,
        projectId,
        areaId,
        siteId,
        editor: actor.account,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await recordAudit(tx, actor, now, {
      module: POINT_IMPORT_PAGE,
      action: 'import',
      targetName: fileName.slice(0, 100),
      detail: `imported ${good.length}, refused ${problems.refusedRows}`,
    });
    return good.length;
  });
  return problems.report(rows.length, imported);
}
