import { createReadStream } from 'node:fs';
import {
  IMPORT_UNPACKED_MAX_BYTES,
  StatusCode,
  type ExportEndpoint,
  type ImportReport,
  type TextKey,
  type UploadEndpoint,
} from '@cityops/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, refuse } from './envelope.js';
import { exportRoute, type ExportInput, type ExportRow } from './export.js';
import { checkUnpackedSize } from './unpackedSize.js';
import { clearPartialUploads, uploadRoute, type UploadHandlers } from './upload.js';
import { invalidInput } from './validation.js';

/**
 * The one reader of the import workbooks (batchImport, batchImportPoint): an .xlsx whose first sheet
 * has the template's header (its zh-CN column names) and up to `max` non-empty rows under it, and the
 * problems of its rows as the report lists them (sheet row, column name, text key and values).
 */

export type ImportProblem = ImportReport['problems'][number];
export type SheetColumns = readonly (readonly [string, string])[];
type ColumnKey<C extends SheetColumns> = C[number][0];
export type SheetRaw<C extends SheetColumns> = Record<ColumnKey<C>, string | number>;

export interface SheetRow<C extends SheetColumns> {
  /** The sheet's row number (from 2, under the header). */
  row: number;
  raw: SheetRaw<C>;
}

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

/** A cell as trimmed text. */
export const cellText = (value: string | number) => String(value).trim();

/** A number cell as it is, any other as trimmed text (the coordinate and number fields take both). */
export const cellNumber = (value: string | number) => (typeof value === 'number' ? value : cellText(value));

/** What a row shows in the template's columns. */
const valuesOf = (row: ExcelJS.Row, columns: SheetColumns) =>
  columns.map((_, index) => cellValue(row.getCell(index + 1).value));

/** Refuses a header that is not the template's, naming the first column that differs. */
function checkHeader(header: ExcelJS.Row | null, columns: SheetColumns) {
  columns.forEach(([, expected], index) => {
    const shown = header ? cellText(cellValue(header.getCell(index + 1).value)) : '';
    if (shown !== expected) refuse('import.badHeader', { column: index + 1, expected });
  });
}

/** The rows of the first sheet, read until they are all in or a refusal stops the reading. */
async function sheetRows<const C extends SheetColumns>(
  sheet: ExcelJS.stream.xlsx.WorksheetReader,
  columns: C,
  max: number,
  tooMany: TextKey,
) {
  const rows: SheetRow<C>[] = [];
  let header = false;
  // Leaving the loop (a refusal is thrown) closes what the sheet is read from.
  for await (const row of sheet) {
    if (!header) {
      header = true;
      checkHeader(row.number === 1 ? row : null, columns);
      continue;
    }
    const values = valuesOf(row, columns);
    if (values.every((value) => cellText(value) === '')) continue;
    if (rows.length >= max) refuse(tooMany, { max });
    const raw = Object.fromEntries(
      columns.map(([column], index) => [column, values[index] ?? '']),
    ) as SheetRaw<C>;
    rows.push({ row: row.number, raw });
  }
  if (!header) checkHeader(null, columns);
  if (rows.length === 0) refuse('import.noRows');
  return rows;
}

/** Starts a sheet and leaves it at once, which closes what it would be read from; its faults are not ours. */
async function passOver(sheet: ExcelJS.stream.xlsx.WorksheetReader) {
  const rows = sheet[Symbol.asyncIterator]();
  await rows.next().catch(() => undefined);
  await rows.return(undefined);
}

/**
 * Reads the workbook's first sheet (the first in the file: sheet1.xml, the first tab unless tabs were
 * moved): the header checked against `columns`, then the non-empty rows; more than `max` rows are
 * refused with `tooMany` ({{max}}). What the file unpacks to is bounded first, then the sheet is
 * streamed row by row and the reading stops at the row past `max`, so neither a long sheet nor a
 * zip bomb is ever held whole, nor holds the event loop for long.
 */
export async function readSheet<const C extends SheetColumns>(
  path: string,
  columns: C,
  max: number,
  tooMany: TextKey,
): Promise<SheetRow<C>[]> {
  await checkUnpackedSize(path, IMPORT_UNPACKED_MAX_BYTES);
  const source = createReadStream(path);
  // Shared strings are kept (the sheet's cells point into them): their size is within the bound above.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let outcome: { rows: SheetRow<C>[] } | { refusal: unknown } | null = null;
  try {
    // The reader is always walked to its end, even past a refusal: a sheet that comes before the
    // shared strings in the zip is set aside in a temporary file, removed only as the walk goes on.
    for await (const sheet of reader) {
      if (outcome) {
        await passOver(sheet);
        continue;
      }
      outcome = await sheetRows(sheet, columns, max, tooMany).then(
        (rows) => ({ rows }),
        (refusal: unknown) => ({ refusal }),
      );
    }
  } catch {
    refuse('import.notWorkbook');
  } finally {
    source.destroy();
  }
  if (!outcome) return refuse('import.notWorkbook');
  if ('rows' in outcome) return outcome.rows;
  throw outcome.refusal instanceof ApiError
    ? outcome.refusal
    : new ApiError(StatusCode.REJECTED, 'import.notWorkbook');
}

/** Collects one sheet's problems, naming each column by its header. */
export class ProblemList<C extends SheetColumns> {
  readonly problems: ImportProblem[] = [];
  private readonly names: Map<string, string>;

  constructor(columns: C) {
    this.names = new Map<string, string>(columns);
  }

  add(row: number, column: ColumnKey<C>, reason: string, values: ImportProblem['values'] = {}) {
    this.problems.push({ row, column: this.names.get(column) ?? column, reason, values });
  }

  /** The form schema's refusals of a row's fields, each on the column of its field (`fallback` when none). */
  addInvalid(row: number, error: z.ZodError, input: unknown, fallback: ColumnKey<C>) {
    for (const issue of error.issues) {
      const refusal = invalidInput(new z.ZodError([issue]), input, 'body', 'zh-CN');
      const field = String(issue.path[0] ?? fallback);
      this.add(row, (this.names.has(field) ? field : fallback) as ColumnKey<C>, refusal.key, refusal.values);
    }
  }

  /** How many rows have at least one problem. */
  get refusedRows() {
    return new Set(this.problems.map((problem) => problem.row)).size;
  }

  /** The report of `total` rows of which `imported` went in. */
  report(total: number, imported: number): ImportReport {
    const problems = [...this.problems].sort((a, b) => a.row - b.row);
    return { total, imported, refused: this.refusedRows, problems };
  }
}

/** An import's two routes: the workbook's upload (answering the report) and its template download. */
export async function importRoutes<E extends UploadEndpoint, T extends ExportEndpoint>(
  app: FastifyInstance,
  options: {
    upload: E;
    template: T;
    /** Where the uploads are received; what a stop cut short is removed first. */
    directory: string;
    store: UploadHandlers<E>['store'];
    /** The template file's and sheet's names. */
    fileName: string;
    sheetName: string;
    columns: SheetColumns;
    /** The template's example row(s). */
    rows: (input: ExportInput<T>) => AsyncIterable<ExportRow>;
  },
) {
  // Uploads a stop cut short; none can be under way before the routes exist.
  await clearPartialUploads(options.directory);
  // The page words the report itself (import.done with its counts, then the refused rows).
  await uploadRoute(app, options.upload, { directory: options.directory, store: options.store });
  exportRoute(app, options.template, async (input) => ({
    fileName: options.fileName,
    sheetName: options.sheetName,
    // The header is the template's zh-CN names in every language: the import compares it with them.
    columns: options.columns.map(([key, header]) => ({ key, header, width: 20 })),
    rows: options.rows(input),
  }));
}
