import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import {
  defineExport,
  exportFilter,
  HEADER_ACCESS_TOKEN,
  noQuery,
  permission,
  XLSX_CONTENT_TYPE,
} from '@cityops/contract';
import { and, asc, gt, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { keysetBatches, mapRows } from '../db/batches.js';
import { operationLog } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { exportRoute, type ExportRow } from './export.js';

// A list's paging request, as the admin pages declare theirs; the export takes its filter.
const pageRequest = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(15),
  prefix: z.string().max(10).default('行'),
  count: z.number().int().min(0).max(100_000),
  /** Rows after which the synthetic source fails, to see a failure mid-stream. */
  failAfter: z.number().int().min(0).optional(),
});

const synthetic = defineExport({
  method: 'POST',
  path: '/test/export',
  access: permission('USERMANAGE'),
  query: noQuery,
  body: exportFilter(pageRequest),
});

const logExport = defineExport({
  method: 'POST',
  path: '/test/exportLog',
  access: permission('USERMANAGE'),
  query: noQuery,
  body: z.object({ account: z.string().max(100) }),
});

const columns = [
  { header: '编号', key: 'id', width: 8 },
  { header: '名称', key: 'name' },
  { header: '时间', key: 'time' },
  { header: '备注', key: 'note' },
];

/**
 * How far the last synthetic source got, whether it was closed (by the end or by a stop), and the
 * heap kept alive (after a full collection) every 10,000 rows.
 */
const source = { yielded: 0, closed: false, liveHeap: [] as number[] };

function liveHeap() {
  if (!globalThis.gc) throw new Error('run with --expose-gc (server/vitest.config.ts does)');
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

async function* generated(prefix: string, count: number, failAfter?: number): AsyncGenerator<ExportRow> {
  Object.assign(source, { yielded: 0, closed: false, liveHeap: [] });
  try {
    for (let i = 1; i <= count; i += 1) {
      if (i - 1 === failAfter) throw new Error('connection to password=hunter2 lost');
      source.yielded = i;
      if (i % 10_000 === 0 && count >= 100_000) source.liveHeap.push(liveHeap());
      yield {
        id: i,
        name: `${prefix}${i}`,
        time: new Date(Date.UTC(2026, 10, 23, 8, 0, i % 60)),
        note: null,
      };
    }
  } finally {
    source.closed = true;
  }
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  exportRoute(t.app, synthetic, async ({ body }) => ({
    fileName: '用户列表-20261123',
    sheetName: '用户列表',
    columns,
    rows: generated(body.prefix, body.count, body.failAfter),
    total: body.count,
  }));
  exportRoute(t.app, logExport, async ({ body }) => ({
    fileName: 'operation-log',
    sheetName: 'log',
    columns: [
      { header: 'id', key: 'id' },
      { header: 'account', key: 'account' },
      { header: 'detail', key: 'detail' },
    ],
    rows: mapRows(
      keysetBatches(
        (afterId, limit) =>
          t.handle.db
            .select({ id: operationLog.id, account: operationLog.account, detail: operationLog.detail })
            .from(operationLog)
            .where(and(like(operationLog.account, `${body.account}%`), gt(operationLog.id, afterId)))
            .orderBy(asc(operationLog.id))
            .limit(limit),
        1000,
      ),
      (row) => ({ ...row }),
    ),
  }));
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const download = (url: string, body: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}) },
    payload: JSON.stringify(body),
  });

/** The first sheet's rows as plain values, header row first. */
async function sheetRows(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(file).buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
  return { name: sheet?.name, rows };
}

describe('exportRoute refusals', () => {
  it('answers 10401 in the envelope without a session, and 10500 without the permission', async () => {
    const anonymous = await download('/api/test/export', { count: 1 }, null);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ status_code: 10401, data: null });
    const operator = await t.token('operator', 'Operator@123');
    const refused = await download('/api/test/export', { count: 1 }, operator);
    expect(refused.json()).toEqual({ status_code: 10500, message: '没有访问该功能的权限', data: null });
  });

  it('answers a bad filter with 10001 naming the field, before any file starts', async () => {
    const answer = await download('/api/test/export', { count: 1, prefix: 'x'.repeat(11) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.json()).toMatchObject({ status_code: 10001, data: null });
    expect(answer.json<{ message: string }>().message).toContain('prefix');
  });
});

describe('exportRoute downloads', () => {
  it('streams an .xlsx with the header row and exactly the rows, named in Chinese', async () => {
    const answer = await download('/api/test/export', { count: 3, prefix: '路灯', pageNum: 2, pageSize: 15 });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(answer.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8-20261123.xlsx",
    );
    expect(answer.headers['x-total-count']).toBe('3');
    const { name, rows } = await sheetRows(answer.rawPayload);
    expect(name).toBe('用户列表');
    expect(rows).toEqual([
      ['编号', '名称', '时间', '备注'],
      [1, '路灯1', new Date(Date.UTC(2026, 10, 23, 8, 0, 1))],
      [2, '路灯2', new Date(Date.UTC(2026, 10, 23, 8, 0, 2))],
      [3, '路灯3', new Date(Date.UTC(2026, 10, 23, 8, 0, 3))],
    ]);
  });

  it('cuts the download short when the rows fail mid-stream, and logs no detail of the failure', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/test/export',
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: admin },
      payload: JSON.stringify({ count: 5000, failAfter: 2000 }),
      payloadAsStream: true,
    });
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    await expect(drain(answer.stream())).rejects.toThrow();
    const failure = t.logs.find((line) => line.includes('export failed while streaming'));
    expect(failure).toContain('"rows":2000');
    expect(t.logs.join('\n')).not.toContain('hunter2');
  });

  it('stops reading rows when the browser goes away', async () => {
    const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const browser = request({
      host: address.hostname,
      port: address.port,
      method: 'POST',
      path: '/api/test/export',
      agent: false,
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: admin },
    });
    browser.end(JSON.stringify({ count: 100_000 }));
    const [response] = (await once(browser, 'response')) as [IncomingMessage];
    await once(response, 'data');
    browser.destroy();
    await vi.waitFor(() => expect(source.closed).toBe(true));
    expect(source.yielded).toBeLessThan(100_000);
    await vi.waitFor(() =>
      expect(t.logs.some((line) => line.includes('export stopped: the client went away'))).toBe(true),
    );
  });

  it('exports 100,000 rows with the heap staying flat', async () => {
    const before = liveHeap();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/test/export',
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: admin },
      payload: JSON.stringify({ count: 100_000 }),
      payloadAsStream: true,
    });
    expect(answer.headers['x-total-count']).toBe('100000');
    // Read back as a stream too, so the test itself never holds the file or its rows.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(answer.stream(), {});
    let count = 0;
    for await (const sheet of reader) for await (const row of sheet) if (row.number > 0) count += 1;
    expect(count).toBe(100_001);
    expect(source.liveHeap).toHaveLength(10);
    // Held all at once in an exceljs Workbook, these rows keep about 130 MB alive; streamed, the
    // heap at 100,000 rows is what it was at 10,000.
    for (const heap of source.liveHeap) expect(heap - before).toBeLessThan(32 * 1024 * 1024);
  }, 120_000);
});

describe('keysetBatches', () => {
  it('reads every selected row of a real table in batches, in id order', async () => {
    const time = new Date('2026-11-23T08:00:00Z');
    const values = Array.from({ length: 2500 }, (_, i) => ({
      time,
      account: `batch${i % 2}`,
      action: 'login' as const,
      outcome: 'success' as const,
      detail: `第${i}次`,
    }));
    for (let i = 0; i < values.length; i += 500)
      await t.handle.db.insert(operationLog).values(values.slice(i, i + 500));
    const answer = await download('/api/test/exportLog', { account: 'batch1' });
    const { rows } = await sheetRows(answer.rawPayload);
    expect(rows).toHaveLength(1 + 1250);
    expect(rows[1]?.slice(1)).toEqual(['batch1', '第1次']);
    expect(rows[1250]?.slice(1)).toEqual(['batch1', '第2499次']);
    const ids = rows.slice(1).map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a batch query that does not order by id', async () => {
    const unordered = keysetBatches(async () => [{ id: 5 }, { id: 3 }], 2);
    await expect(drain(Readable.from(unordered))).rejects.toThrow(/order by id/u);
  });
});

async function drain(stream: Readable) {
  for await (const chunk of stream) void chunk;
}
