import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  API_PREFIX,
  contentDisposition,
  HEADER_TOTAL_COUNT,
  XLSX_CONTENT_TYPE,
  type ExportEndpoint,
  type Locale,
} from '@cityops/contract';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionInfo } from '../modules/auth/sessions.js';
import { admitAndParse } from './route.js';

export type ExportCell = string | number | Date | null;
export type ExportRow = Record<string, ExportCell>;

export interface ExportColumn {
  /** The header cell, in the caller's language. */
  header: string;
  /** The row field this column shows. */
  key: string;
  /** In characters; DEFAULT_WIDTH when left out. */
  width?: number;
}

export interface ExportSheet {
  /** Without or with `.xlsx`, e.g. `用户列表-20261123`. */
  fileName: string;
  sheetName: string;
  columns: readonly ExportColumn[];
  /**
   * Read lazily, one row at a time, so the rows never sit in memory together (see keysetBatches).
   * A Date is written as Excel's zone-less date-time in UTC; pass a formatted string for local times.
   */
  rows: AsyncIterable<ExportRow>;
  /** The row count, when it is cheap to know first; sent as X-Total-Count for the browser's progress. */
  total?: number;
}

export interface ExportInput<E extends ExportEndpoint> {
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The caller's live session; always set unless the endpoint is public. */
  session: SessionInfo | null;
  request: FastifyRequest;
  locale: Locale;
}

export type ExportHandler<E extends ExportEndpoint> = (input: ExportInput<E>) => Promise<ExportSheet>;

const DEFAULT_WIDTH = 16;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/**
 * exceljs writes rows into its zip without backpressure, so every so many rows the export lets the
 * zip and the socket catch up (and waits while the socket is full): memory stays flat whatever the
 * row count or the client's speed.
 */
const ROWS_PER_TURN = 500;

/** Excel refuses sheet names longer than 31 characters or with any of []:*?/\ in them. */
const excelSheetName = (name: string) => name.replace(/[[\]:*?/\\]/gu, '_').slice(0, 31) || 'Sheet1';

/**
 * Registers a download under /api: the same access check and filter validation as route() (refusals
 * are the JSON envelope with HTTP 200), then the handler's rows streamed as an .xlsx file.
 */
export function exportRoute<E extends ExportEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ExportHandler<E>,
) {
  app.route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    // Recorded by the route catalogue, so the OpenAPI document describes the download too.
    config: { endpoint, rateLimited: false },
    handler: async (request, reply) => {
      const admitted = await admitAndParse<E['query'], E['body']>(app, endpoint, request);
      const sheet = await handler({ ...admitted, request });
      const output = new PassThrough();
      // The client going away (or the response ending) stops the reading of rows.
      const stop = new AbortController();
      reply.raw.once('close', () => stop.abort());
      reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDisposition(sheet.fileName));
      if (sheet.total !== undefined) reply.header(HEADER_TOTAL_COUNT, String(sheet.total));
      void streamSheet(sheet, output, stop.signal, request.log.child({ export: endpoint.path }));
      return reply.send(output);
    },
  });
}

/** Writes the workbook into `output`; on failure the download is cut short, never left looking whole. */
async function streamSheet(
  sheet: ExportSheet,
  output: PassThrough,
  signal: AbortSignal,
  log: FastifyBaseLogger,
) {
  let written = 0;
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useSharedStrings: false,
      useStyles: true,
    });
    const worksheet = workbook.addWorksheet(excelSheetName(sheet.sheetName));
    worksheet.columns = sheet.columns.map(({ header, key, width }) => ({
      header,
      key,
      width: width ?? DEFAULT_WIDTH,
    }));
    const headerRow = worksheet.getRow(1);
    headerRow.font = { bold: true };
    headerRow.commit();
    // Breaking out of the loop ends the rows' iterator, so a database reader stops at once.
    for await (const values of sheet.rows) {
      if (signal.aborted) break;
      const row = worksheet.addRow(values);
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
      });
      row.commit();
      written += 1;
      if (written % ROWS_PER_TURN === 0) await keepPace(output, signal);
    }
    if (signal.aborted) {
      log.info({ rows: written }, 'export stopped: the client went away');
      output.destroy();
      return;
    }
    worksheet.commit();
    // A browser leaving during the last writes closes the output, and the commit would never end.
    await Promise.race([workbook.commit(), once(output, 'close')]);
  } catch (error) {
    if (signal.aborted) {
      log.info({ rows: written }, 'export stopped: the client went away');
    } else {
      // Only the kind of failure: a database error's text can carry the filter's values.
      const name = error instanceof Error ? error.name : typeof error;
      log.error({ error: name, rows: written }, 'export failed while streaming');
    }
    // Cuts the response: the browser sees a failed download rather than a truncated file.
    output.destroy(new Error('export stopped'));
  }
}

async function keepPace(output: PassThrough, signal: AbortSignal) {
  await nextTurn();
  while (output.writableNeedDrain && !signal.aborted) await once(output, 'drain', { signal });
}
