/**
 * The Excel export of 100,000 operation-log rows (audit_log): the time to stream the whole .xlsx and
 * this process's memory while it streams (process.memoryUsage() rss and heapUsed every 50 ms; the
 * server, and with PGlite the database too, live in this process). Main has no log export endpoint
 * yet, so one is registered here over audit_log with the real streaming path: defineExport (contract),
 * exportRoute (server/src/http/export.ts), keysetBatches and mapRows (server/src/db/batches.ts). The
 * file is fetched through a real socket (listen on port 0, fetch) and read to the end counting bytes,
 * so backpressure is real. On the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL.
 * Prints numbers; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import {
  API_PREFIX,
  defineExport,
  HEADER_TOTAL_COUNT,
  noQuery,
  permission,
  XLSX_CONTENT_TYPE,
} from '@cityops/contract';
import { keysetBatches, mapRows } from '@cityops/server/src/db/batches.js';
import { exportRoute } from '@cityops/server/src/http/export.js';
import { auditLog } from '@cityops/server/src/modules/logs/tables.js';
import { count, gt } from 'drizzle-orm';
import { databaseKinds, MB, ms, signedIn, startBenchApp, type BenchApp } from './serverApp.js';

const ROWS = 100_000;
const RUNS = 3;
const SAMPLE_MS = 50;

/** The benchmark's own endpoint: the operation log page's code guards it, the whole log is exported. */
const auditLogExport = defineExport({
  method: 'POST',
  path: '/bench/auditLogExport',
  access: permission('logManage'),
  query: noQuery,
  body: noQuery,
});

const SHANGHAI = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'medium',
});

function registerExport(app: BenchApp['app']) {
  const db = app.cityops.db;
  exportRoute(app, auditLogExport, async () => {
    const [counted] = await db.select({ total: count() }).from(auditLog);
    const rows = keysetBatches((afterId, limit) =>
      db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(auditLog.id).limit(limit),
    );
    return {
      fileName: '操作日志',
      sheetName: '操作日志',
      total: counted?.total ?? 0,
      columns: [
        { header: '时间', key: 'time', width: 20 },
        { header: '账号', key: 'account' },
        { header: 'IP', key: 'ip' },
        { header: '模块', key: 'module' },
        { header: '操作', key: 'action' },
        { header: '对象ID', key: 'targetId' },
        { header: '对象名称', key: 'targetName', width: 24 },
        { header: '结果', key: 'outcome' },
        { header: '详情', key: 'detail', width: 30 },
        { header: '变更', key: 'changes', width: 60 },
      ],
      rows: mapRows(rows, (row) => ({
        time: SHANGHAI.format(row.time),
        account: row.account,
        ip: row.ip,
        module: row.module,
        action: row.action,
        targetId: row.targetId,
        targetName: row.targetName,
        outcome: row.outcome,
        detail: row.detail,
        changes: row.changes.map((c) => `${c.field}: ${String(c.before)} → ${String(c.after)}`).join('; '),
      })),
    };
  });
}

/** 100,000 log rows in one insert ... select generate_series; a third of them edits with changes. */
async function fill(bench: BenchApp) {
  const started = performance.now();
  await bench.sql(
    `insert into audit_log (time, user_id, account, ip, module, action, target_id, target_name, outcome,
                            detail, changes)
     select timestamptz '2025-01-01 08:00:00+08' + n * interval '30 seconds',
            (select id from users where user_name = 'admin'),
            'admin',
            '10.0.' || (n % 256) || '.' || ((n * 7) % 256),
            (array['userManage', 'roleManage', 'orgManage', 'dictManage', 'resourceManage'])[1 + n % 5],
            (array['create', 'update', 'delete'])[1 + n % 3],
            (1000 + n % 50000)::text,
            '用户' || (1000 + n % 50000),
            case when n % 50 = 0 then 'failure' else 'success' end,
            case when n % 50 = 0 then '记录已被其他人修改' else '' end,
            case when n % 3 = 1 then jsonb_build_array(
                   jsonb_build_object('field', 'name', 'before', '张伟', 'after', '张伟' || n),
                   jsonb_build_object('field', 'phone', 'before', '13800000000', 'after', '139' || lpad(n::text, 8, '0')),
                   jsonb_build_object('field', 'status', 'before', 'enabled', 'after', 'disabled'))
                 else '[]'::jsonb end
     from generate_series(1, ${ROWS}) n`,
  );
  return performance.now() - started;
}

interface Sample {
  rss: number;
  heapUsed: number;
}
const sample = (): Sample => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

/** The largest rss and heapUsed seen in either. */
const larger = (a: Sample, b: Sample): Sample => ({
  rss: Math.max(a.rss, b.rss),
  heapUsed: Math.max(a.heapUsed, b.heapUsed),
});
const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** Downloads the export once through the socket, sampling memory every SAMPLE_MS meanwhile. */
async function exportOnce(baseUrl: string, token: string) {
  let peak = sample();
  const timer = setInterval(() => (peak = larger(peak, sample())), SAMPLE_MS);
  try {
    const started = performance.now();
    const answer = await fetch(`${baseUrl}${API_PREFIX}${auditLogExport.path}`, {
      method: auditLogExport.method,
      headers: signedIn(token),
      body: '{}',
    });
    if (answer.headers.get('content-type') !== XLSX_CONTENT_TYPE || !answer.body)
      throw new Error(`no file: ${await answer.text()}`);
    let firstByte = NaN;
    let bytes = 0;
    const reader = answer.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += chunk.value.byteLength;
    }
    const elapsed = performance.now() - started;
    return { elapsed, firstByte, bytes, rows: answer.headers.get(HEADER_TOTAL_COUNT) ?? '?', peak };
  } finally {
    clearInterval(timer);
  }
}

const row = (label: string, what: string, cells: string[]) =>
  `${label.padEnd(16)} ${what.padEnd(12)} ${cells.map((cell) => cell.padStart(10)).join(' ')}`;

const lines: string[] = [];
// PostgreSQL first: PGlite's WebAssembly memory stays in this process's rss after it closes.
for (const kind of databaseKinds().reverse()) {
  const bench = await startBenchApp(kind, registerExport);
  try {
    const filled = await fill(bench);
    console.log(`${bench.label}: insert ${ROWS.toLocaleString('en')} audit_log rows: ${ms(filled)}`);
    const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    // Settle, then the baseline: the largest of ten samples (the peak is the largest of many).
    await pause(500);
    let baseline = sample();
    for (let i = 0; i < 10; i++) {
      await pause(SAMPLE_MS);
      baseline = larger(baseline, sample());
    }
    lines.push(row(bench.label, 'baseline', ['-', '-', '-', MB(baseline.rss), MB(baseline.heapUsed)]));
    for (let run = 1; run <= RUNS; run++) {
      const result = await exportOnce(address, bench.token);
      lines.push(
        row(bench.label, `export ${run}`, [
          ms(result.elapsed),
          ms(result.firstByte),
          MB(result.bytes),
          MB(result.peak.rss),
          MB(result.peak.heapUsed),
        ]) + `  (${result.rows} rows)`,
      );
    }
  } finally {
    await bench.close();
  }
}

console.log(
  `\nExcel export of ${ROWS.toLocaleString('en')} audit_log rows, fetched through a socket (127.0.0.1), ` +
    `memory of this process sampled every ${SAMPLE_MS} ms:`,
);
console.log(row('database', '', ['whole file', 'first byte', 'size', 'peak rss', 'peak heap']));
for (const line of lines) console.log(line);
