import {
  ALARM_LEVEL_NAMES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATE_NAMES,
  chinaDateTime,
  statisticsEndpoints,
  workOrderEndpoints as api,
  workOrderExport,
  workOrderPhotoFile,
  type WorkOrderRow,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { mapRows } from '../../db/batches.js';
import { fileRoute } from '../../http/download.js';
import { Answer } from '../../http/envelope.js';
import { exportRoute } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { route, signedIn } from '../../http/route.js';
import { clearPartialUploads, uploadRoute } from '../../http/upload.js';
import { userOfInput as userOf } from '../logs/audit.js';
import * as orders from './service.js';
import { statistics } from './statistics.js';
import { deviceChoices } from '../devices/service.js';

const exportColumns = [
  { header: '工单编号', key: 'orderNo', width: 18 },
  { header: '工单标题', key: 'title', width: 24 },
  { header: '工单来源', key: 'source', width: 10 },
  { header: '等级', key: 'level', width: 8 },
  { header: '状态', key: 'state', width: 10 },
  { header: '所属项目', key: 'projectName', width: 20 },
  { header: '设备名称', key: 'deviceName', width: 20 },
  { header: '处理人', key: 'assigneeName', width: 12 },
  { header: '创建人', key: 'creatorName', width: 12 },
  { header: '创建时间', key: 'createdAt', width: 20 },
  { header: '截止时间', key: 'deadlineAt', width: 20 },
  { header: '完成时间', key: 'finishedAt', width: 20 },
  { header: '是否超时', key: 'overdue', width: 10 },
  { header: '处理结果', key: 'result', width: 40 },
] as const;

const exportRow = (row: WorkOrderRow) => ({
  orderNo: row.orderNo,
  title: row.title,
  source: WORK_ORDER_SOURCES[row.source][0],
  level: ALARM_LEVEL_NAMES[row.level][0],
  state: WORK_ORDER_STATE_NAMES[row.state][0],
  projectName: row.projectName,
  deviceName: row.deviceName ?? '',
  assigneeName: row.assigneeName ?? '',
  creatorName: row.creatorName,
  createdAt: chinaDateTime(row.createdAt),
  deadlineAt: chinaDateTime(row.deadlineAt),
  finishedAt: row.finishedAt ? chinaDateTime(row.finishedAt) : '',
  overdue: row.overdue ? '是' : '否',
  result: row.result,
});

/** Work orders (omWorkOrder) and the O&M statistics (omStatisticsInfo). */
export default async function workOrderRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const directory = orders.photoDir(ctx);
  await clearPartialUploads(directory);

  route(app, api.page, (input) => orders.orderPage(ctx, userOf(input), input.body));
  route(app, api.counts, (input) => orders.tabCounts(ctx, userOf(input), input.body));
  route(app, api.detail, (input) => orders.orderDetail(ctx, userOf(input), input.params.id));
  route(
    app,
    api.create,
    async (input) => new Answer(await orders.createOrder(ctx, userOf(input), input.body), 'admin.created'),
  );
  route(app, api.act, (input) => orders.actOnOrder(ctx, userOf(input), input.body));
  route(app, api.assignees, (input) => orders.assigneesOf(ctx, userOf(input), input.query.projectId));
  route(app, api.devices, (input) => deviceChoices(ctx, userOf(input), input.query));
  await uploadRoute(app, api.photo, {
    directory,
    store: (input, file) => orders.uploadPhoto(ctx, signedIn(input).userId, file),
  });
  fileRoute(
    app,
    workOrderPhotoFile,
    (input) => orders.photoFile(ctx, signedIn(input).userId, input.params.id),
    'workOrder.photoMissing',
  );
  exportRoute(app, workOrderExport, async (input) => ({
    fileName: datedFileName('工单列表', ctx.now()),
    sheetName: '工单列表',
    columns: exportColumns,
    rows: mapRows(await orders.orderRows(ctx, signedIn(input).userId, input.body), exportRow),
  }));

  route(app, statisticsEndpoints.summary, (input) => statistics(ctx, userOf(input), input.body));
}
