import {
  coordinatePair,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX,
  DEVICE_IMPORT_PAGE,
  deviceFieldsShape,
  type ImportReport,
} from '@cityops/contract';
import { z } from 'zod';
import type { Database } from '../../db/connection.js';
import {
  cellNumber,
  cellText,
  ProblemList,
  readSheet,
  type ImportProblem,
  type SheetRow,
} from '../../http/importSheet.js';
import { ensureDeviceRoom } from '../licence/devices.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { newSecret, secretColumns } from './credentials.js';
import * as repo from './repository.js';
import { controlCodeProblem, projectScope, readLicence, type DevicesCtx } from './service.js';

/**
 * The device import (batchImport): an .xlsx of up to DEVICE_IMPORT_MAX rows under the
 * template's header. Every row is checked with the device form's rules; the report names each refused
 * row, its column and why. The good rows go in together, in batches of 1,000 inside ONE transaction:
 * all of them or (on a database failure, or the licence's limit) none.
 */

type Columns = typeof DEVICE_IMPORT_COLUMNS;
type Column = Columns[number][0];
type Problems = ProblemList<Columns>;

/** The device form's fields a row carries directly (the rest are looked up by name). */
const rowSchema = z
  .object({
    deviceKey: deviceFieldsShape.deviceKey,
    controlCode: deviceFieldsShape.controlCode,
    name: deviceFieldsShape.name,
    segment: deviceFieldsShape.segment,
    longitude: deviceFieldsShape.longitude,
    latitude: deviceFieldsShape.latitude,
    address: deviceFieldsShape.address,
    remarks: deviceFieldsShape.remarks,
  })
  .superRefine(coordinatePair);
type RowFields = z.output<typeof rowSchema>;

const text = cellText;

interface Candidate {
  row: number;
  fields: RowFields;
  productId: number;
  projectId: number;
  areaId: number | null;
}

/** The form's rules on one row, as problems; the candidate device when there are none. */
function checkRow(
  { row, raw }: SheetRow<Columns>,
  lookups: Awaited<ReturnType<typeof loadLookups>>,
  problems: Problems,
): Candidate | null {
  const before = problems.problems.length;
  const add = (column: Column, reason: string, values: ImportProblem['values'] = {}) =>
    problems.add(row, column, reason, values);
  const input = {
    deviceKey: text(raw.deviceKey),
    controlCode: text(raw.controlCode) || null,
    name: text(raw.name),
    segment: text(raw.segment),
    longitude: cellNumber(raw.longitude),
    latitude: cellNumber(raw.latitude),
    address: text(raw.address),
    remarks: text(raw.remarks),
  };
  const parsed = rowSchema.safeParse(input);
  if (!parsed.success) problems.addInvalid(row, parsed.error, input, 'deviceKey');
  const productKey = text(raw.productKey);
  const product = lookups.products.get(productKey.toLowerCase());
  if (!product) add('productKey', 'import.unknownProduct', { value: productKey });
  const projectName = text(raw.projectName);
  const project = lookups.projects.get(projectName);
  if (project === undefined) add('projectName', 'import.unknownProject', { value: projectName });
  const areaName = text(raw.areaName);
  let areaId: number | null = null;
  if (areaName !== '' && project !== undefined) {
    areaId = lookups.areas.get(`${project}\u0000${areaName}`) ?? null;
    if (areaId === null) add('areaName', 'import.unknownArea', { value: areaName });
  }
  if (product) {
    const codeProblem = controlCodeProblem(product.typeCode, input.controlCode);
    if (codeProblem) add('controlCode', codeProblem);
  }
  if (!parsed.success || !product || project === undefined || problems.problems.length > before) return null;
  return { row, fields: parsed.data, productId: product.id, projectId: project, areaId };
}

/** Products by key (any case), the user's projects by name, their areas by project and name. */
async function loadLookups(ctx: DevicesCtx, userId: number) {
  const scope = await projectScope(ctx, ctx.db, userId);
  const projects = await repo.projectsByName(ctx.db, scope);
  const areaRows = await repo.areasOfProjects(
    ctx.db,
    projects.map((project) => project.id),
  );
  const areas = new Map<string, number>();
  // The first area of a name in its project (id order) is the one meant.
  for (const area of areaRows) {
    const key = `${area.projectId}\u0000${area.name}`;
    if (!areas.has(key)) areas.set(key, area.id);
  }
  return {
    products: await repo.productsByKey(ctx.db),
    projects: new Map(projects.map((project) => [project.name, project.id])),
    areas,
  };
}

/** The same key or control code twice in the file: the later rows are refused, naming the first. */
function refuseRepeats(candidates: Candidate[], problems: Problems): Candidate[] {
  const firstKey = new Map<string, number>();
  const firstCode = new Map<string, number>();
  return candidates.filter((candidate) => {
    const { deviceKey, controlCode } = candidate.fields;
    const keyRow = firstKey.get(deviceKey);
    const codeRow = controlCode ? firstCode.get(controlCode) : undefined;
    if (keyRow === undefined) firstKey.set(deviceKey, candidate.row);
    if (controlCode && codeRow === undefined) firstCode.set(controlCode, candidate.row);
    if (keyRow !== undefined)
      problems.add(candidate.row, 'deviceKey', 'import.duplicateInFile', { row: keyRow });
    if (codeRow !== undefined)
      problems.add(candidate.row, 'controlCode', 'import.duplicateInFile', { row: codeRow });
    return keyRow === undefined && codeRow === undefined;
  });
}

/** Rows whose key or control code is registered already (read under the devices' lock). */
async function refuseTaken(tx: Database, candidates: Candidate[], problems: Problems) {
  const keys = await repo.takenKeys(
    tx,
    candidates.map((candidate) => candidate.fields.deviceKey),
  );
  const codes = await repo.takenControlCodes(
    tx,
    candidates.flatMap((candidate) => (candidate.fields.controlCode ? [candidate.fields.controlCode] : [])),
  );
  return candidates.filter((candidate) => {
    const { deviceKey, controlCode } = candidate.fields;
    const keyTaken = keys.has(deviceKey);
    const codeTaken = controlCode !== null && codes.has(controlCode);
    if (keyTaken) problems.add(candidate.row, 'deviceKey', 'device.keyTaken');
    if (codeTaken) problems.add(candidate.row, 'controlCode', 'device.controlCodeTaken');
    return !keyTaken && !codeTaken;
  });
}

/** Imports the workbook at `path` for the user; answers the row-by-row report. */
export async function importDevices(
  ctx: DevicesCtx,
  actor: Actor,
  path: string,
  fileName: string,
): Promise<ImportReport> {
  const rows = await readSheet(path, DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_MAX, 'import.tooManyRows');
  const lookups = await loadLookups(ctx, actor.userId);
  const problems = new ProblemList(DEVICE_IMPORT_COLUMNS);
  const checked = rows.flatMap((row) => checkRow(row, lookups, problems) ?? []);
  const candidates = refuseRepeats(checked, problems);
  await readLicence(ctx);
  const now = ctx.now();
  const imported = await ctx.db.transaction(async (tx) => {
    await repo.lockKeys(tx, 'devices');
    const good = await refuseTaken(tx, candidates, problems);
    if (good.length > 0) {
      await ensureDeviceRoom(tx, ctx.licence, good.length);
      await repo.insertDevices(
        tx,
        good.map(({ fields, productId, projectId, areaId }) => ({
          ...fields,
          controlCode: fields.controlCode || null,
          longitude: fields.longitude ?? null,
          latitude: fields.latitude ?? null,
          productId,
          projectId,
          areaId,
          ...secretColumns(ctx.secrets, newSecret()),
          editor: actor.account,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const refused = problems.refusedRows;
    await recordAudit(tx, actor, now, {
      module: DEVICE_IMPORT_PAGE,
      action: 'import',
      targetName: fileName.slice(0, 100),
      detail: `imported ${good.length}, refused ${refused}`,
    });
    return good.length;
  });
  return problems.report(rows.length, imported);
}
