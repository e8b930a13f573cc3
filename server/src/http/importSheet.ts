import type { ExportEndpoint, ImportReport, TextKey, UploadEndpoint } from '@cityops/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuse } from './envelope.js';
import { exportRoute, type ExportInput, type ExportRow } from './export.js';
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

/**
 * Reads the workbook's first sheet: the header checked against `columns`, then the non-empty rows;
 * more than `max` rows are refused with `tooMany` ({{max}}).
 */
export async function readSheet<const C extends SheetColumns>(
  path: string,
  columns: C,
  max: number,
  tooMany: TextKey,
): Promise<SheetRow<C>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch {
    refuse('import.notWorkbook');
  }
  const sheet = workbook.worksheets[0] ?? refuse('import.notWorkbook');
  const header = sheet.getRow(1);
  columns.forEach(([, expected], index) => {
    if (cellText(cellValue(header.getCell(index + 1).value)) !== expected)
      refuse('import.badHeader', { column: index + 1, expected });
  });
  const rows: SheetRow<C>[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values = columns.map((_, index) => cellValue(row.getCell(index + 1).value));
    if (values.every((value) => cellText(value) === '')) return;
    if (rows.length >= max) refuse(tooMany, { max });
    const raw = Object.fromEntries(
      columns.map(([column], index) => [column, values[index] ?? '']),
    ) as SheetRaw<C>;
    rows.push({ row: number, raw });
  });
  if (rows.length === 0) refuse('import.noRows');
  return rows;
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
