import { chinaDateTime, logEndpoints, logExports, signInReasonText } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { mapRows } from '../../db/batches.js';
import { Answer } from '../../http/envelope.js';
import { exportRoute } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { route, signedIn } from '../../http/route.js';
import { actorOf } from './audit.js';
import { loginLogRows, operationLogRows } from './repository.js';
import * as logs from './service.js';

const signInColumns = [
  { header: '时间', key: 'time', width: 20 },
  { header: '账号', key: 'account' },
  { header: '动作', key: 'action' },
  { header: '结果', key: 'outcome', width: 10 },
  { header: '地址', key: 'ip' },
  { header: '浏览器', key: 'userAgent', width: 40 },
  { header: '原因', key: 'detail', width: 30 },
] as const;

const operationColumns = [
  { header: '时间', key: 'time', width: 20 },
  { header: '账号', key: 'account' },
  { header: '模块', key: 'module' },
  { header: '动作', key: 'action' },
  { header: '对象', key: 'targetName', width: 24 },
  { header: '结果', key: 'outcome', width: 10 },
  { header: '地址', key: 'ip' },
  { header: '说明', key: 'detail', width: 40 },
] as const;

/**
 * logManage: reading the sign-in and operation logs, and their retention. Append-only: apart from the
 * retention setting nothing here writes, and no route edits or deletes a log row.
 */
export default async function logRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, logEndpoints.signInPage, ({ body }) => logs.signInLogs(ctx, body));
  route(app, logEndpoints.operationPage, ({ body }) => logs.operationLogs(ctx, body));
  route(app, logEndpoints.operationDetail, ({ body }) => logs.operationLogDetail(ctx, body.id));
  route(app, logEndpoints.retention, () => logs.retention(ctx));
  route(app, logEndpoints.saveRetention, async (input) => {
    const actor = actorOf(signedIn(input), input.request);
    return new Answer(await logs.saveRetention(ctx, actor, input.body.days), 'log.retentionSaved');
  });

  // Raw codes (action, outcome, module) as the rows carry them; times as China time, like the page;
  // the reason in the caller's language, as the page shows it.
  exportRoute(app, logExports.signIns, async ({ body, locale }) => ({
    fileName: datedFileName('登录日志', ctx.now()),
    sheetName: '登录日志',
    columns: signInColumns,
    rows: mapRows(loginLogRows(ctx.db, body), (row) => ({
      time: chinaDateTime(row.time),
      account: row.account,
      action: row.action,
      outcome: row.outcome,
      ip: row.ip,
      userAgent: row.userAgent,
      detail: signInReasonText(row.detail, locale),
    })),
  }));
  exportRoute(app, logExports.operations, async ({ body }) => ({
    fileName: datedFileName('操作日志', ctx.now()),
    sheetName: '操作日志',
    columns: operationColumns,
    rows: mapRows(operationLogRows(ctx.db, body), (row) => ({
      time: chinaDateTime(row.time),
      account: row.account,
      module: row.module,
      action: row.action,
      targetName: row.targetName,
      outcome: row.outcome,
      ip: row.ip,
      detail: row.detail,
    })),
  }));
}
