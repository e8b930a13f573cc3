import {
  coordinatePair,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX,
  DEVICE_IMPORT_PAGE,
  deviceFieldsShape,
  type ImportReport,
} from '@cityops/contract';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { refuse } from '../../http/envelope.js';
import { invalidInput } from '../../http/validation.js';
import { ensureDeviceRoom } from '../licence/devices.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { newSecret, secretColumns } from './credentials.js';
import * as repo from './repository.js';
import { controlCodeProblem, projectScope, readLicence, type DevicesCtx } from './service.js';

/**
 * The device import (batchImport, issue 15 §3): an .xlsx of up to DEVICE_IMPORT_MAX rows under the
 * template's header. Every row is checked with the device form's rules; the report names each refused
 * row, its column and why. The good rows go in together, in batches of 1,000 inside ONE transaction:
 * all of them or (on a database failure, or the licence's limit) none.
 */

type Column = (typeof DEVICE_IMPORT_COLUMNS)[number][0];
type Problem = ImportReport['problems'][number];
type Raw = Record<Column, string | number>;

const COLUMN_NAMES = new Map<string, string>(DEVICE_IMPORT_COLUMNS);
const nameOf = (column: string) => COLUMN_NAMES.get(column) ?? column;

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

/** What a cell shows: text of rich text, links and formulas' results; '' for nothing or an error. */
function cellValue(value: ExcelJS.CellValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return String(value.text);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? '' : cellValue(result);
  }
  return '';
}

const text = (value: string | number) => String(value).trim();

interface SheetRow {
  row: number;
  raw: Raw;
}

/** Reads the workbook's first sheet: the header checked against the template, then the non-empty rows. */
async function readSheet(path: string): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch {
    refuse('import.notWorkbook');
  }
  const sheet = workbook.worksheets[0] ?? refuse('import.notWorkbook');
  const header = sheet.getRow(1);
  DEVICE_IMPORT_COLUMNS.forEach(([, expected], index) => {
    if (text(cellValue(header.getCell(index + 1).value)) !== expected)
      refuse('import.badHeader', { column: index + 1, expected });
  });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values = DEVICE_IMPORT_COLUMNS.map((_, index) => cellValue(row.getCell(index + 1).value));
    if (values.every((value) => text(value) === '')) return;
    if (rows.length >= DEVICE_IMPORT_MAX) refuse('import.tooManyRows', { max: DEVICE_IMPORT_MAX });
    const raw = Object.fromEntries(
      DEVICE_IMPORT_COLUMNS.map(([column], index) => [column, values[index] ?? '']),
    ) as Raw;
    rows.push({ row: number, raw });
  });
  if (rows.length === 0) refuse('import.noRows');
  return rows;
}

interface Candidate {
  row: number;
  fields: RowFields;
  productId: number;
  projectId: number;
  areaId: number | null;
}

/** The form's rules on one row, as problems; the candidate device when there are none. */
function checkRow(
  { row, raw }: SheetRow,
  lookups: Awaited<ReturnType<typeof loadLookups>>,
  problems: Problem[],
): Candidate | null {
  const before = problems.length;
  const add = (column: Column, reason: string, values: Problem['values'] = {}) =>
    problems.push({ row, column: nameOf(column), reason, values });
  const input = {
    deviceKey: text(raw.deviceKey),
    controlCode: text(raw.controlCode) || null,
    name: text(raw.name),
    segment: text(raw.segment),
    longitude: typeof raw.longitude === 'number' ? raw.longitude : text(raw.longitude),
    latitude: typeof raw.latitude === 'number' ? raw.latitude : text(raw.latitude),
    address: text(raw.address),
    remarks: text(raw.remarks),
  };
  const parsed = rowSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const refusal = invalidInput(new z.ZodError([issue]), input, 'body', 'zh-CN');
      add(String(issue.path[0] ?? 'deviceKey') as Column, refusal.key, refusal.values);
    }
  }
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
  if (!parsed.success || !product || project === undefined || problems.length > before) return null;
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
function refuseRepeats(candidates: Candidate[], problems: Problem[]): Candidate[] {
  const firstKey = new Map<string, number>();
  const firstCode = new Map<string, number>();
  return candidates.filter((candidate) => {
    const { deviceKey, controlCode } = candidate.fields;
    const keyRow = firstKey.get(deviceKey);
    const codeRow = controlCode ? firstCode.get(controlCode) : undefined;
    if (keyRow === undefined) firstKey.set(deviceKey, candidate.row);
    if (controlCode && codeRow === undefined) firstCode.set(controlCode, candidate.row);
    if (keyRow !== undefined)
      problems.push({
        row: candidate.row,
        column: nameOf('deviceKey'),
        reason: 'import.duplicateInFile',
        values: { row: keyRow },
      });
    if (codeRow !== undefined)
      problems.push({
        row: candidate.row,
        column: nameOf('controlCode'),
        reason: 'import.duplicateInFile',
        values: { row: codeRow },
      });
    return keyRow === undefined && codeRow === undefined;
  });
}

/** Rows whose key or control code is registered already (read under the devices' lock). */
async function refuseTaken(tx: Database, candidates: Candidate[], problems: Problem[]) {
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
    if (keyTaken)
      problems.push({
        row: candidate.row,
        column: nameOf('deviceKey'),
        reason: 'device.keyTaken',
        values: {},
      });
    if (codeTaken)
      problems.push({
        row: candidate.row,
        column: nameOf('controlCode'),
        reason: 'device.controlCodeTaken',
        values: {},
      });
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
  const rows = await readSheet(path);
  const lookups = await loadLookups(ctx, actor.userId);
  const problems: Problem[] = [];
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
    const refused = new Set(problems.map((problem) => problem.row)).size;
    await recordAudit(tx, actor, now, {
      module: DEVICE_IMPORT_PAGE,
      action: 'import',
      targetName: fileName.slice(0, 100),
      detail: `imported ${good.length}, refused ${refused}`,
    });
    return good.length;
  });
  problems.sort((a, b) => a.row - b.row);
  return {
    total: rows.length,
    imported,
    refused: new Set(problems.map((problem) => problem.row)).size,
    problems,
  };
}
