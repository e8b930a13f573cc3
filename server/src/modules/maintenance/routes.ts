import {
  MAINTENANCE_KINDS,
  MAINTENANCE_RESULTS,
  chinaDateTime,
  maintenanceEndpoints as api,
  maintenanceExport,
  yuanOf,
  type MaintenanceRow,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { mapRows } from '../../db/batches.js';
import { exportRoute } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { route, signedIn } from '../../http/route.js';
import { userOfInput as userOf } from '../logs/audit.js';
import { changeRoutes } from '../logs/changeRoutes.js';
import * as maintenance from './service.js';
import { deviceChoices } from '../devices/service.js';

const exportColumns = [
  { header: '设备名称', key: 'deviceName', width: 20 },
  { header: '设备标识', key: 'deviceKey', width: 20 },
  { header: '控制码', key: 'controlCode', width: 20 },
  { header: '所属项目', key: 'projectName', width: 20 },
  { header: '维护类型', key: 'kind', width: 10 },
  { header: '故障描述', key: 'fault', width: 30 },
  { header: '维护内容', key: 'content', width: 40 },
  { header: '维护结果', key: 'result', width: 10 },
  { header: '维护人员', key: 'maintainer', width: 12 },
  { header: '联系电话', key: 'maintainerPhone', width: 16 },
  { header: '维护时间', key: 'maintainedAt', width: 20 },
  { header: '费用（元）', key: 'cost', width: 12 },
  { header: '操作人', key: 'editor', width: 12 },
] as const;

const exportRow = (row: MaintenanceRow) => ({
  deviceName: row.deviceName,
  deviceKey: row.deviceKey,
  controlCode: row.controlCode ?? '',
  projectName: row.projectName,
  kind: MAINTENANCE_KINDS[row.kind][0],
  fault: row.fault,
  content: row.content,
  result: MAINTENANCE_RESULTS[row.result][0],
  maintainer: row.maintainer,
  maintainerPhone: row.maintainerPhone,
  maintainedAt: chinaDateTime(row.maintainedAt),
  cost: yuanOf(row.costCents),
  editor: row.editor,
});

/** Maintenance records (equipmentMaintenance): the list, the picker, changes, export. */
export default async function maintenanceRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  route(app, api.page, (input) => maintenance.recordPage(ctx, userOf(input), input.body));
  route(app, api.devices, (input) => deviceChoices(ctx, userOf(input), input.query));
  changeRoutes(app, api, {
    create: (actor, body) => maintenance.createRecord(ctx, actor, body),
    update: (actor, body) => maintenance.updateRecord(ctx, actor, body),
    delete: (actor, id) => maintenance.deleteRecord(ctx, actor, id),
  });
  exportRoute(app, maintenanceExport, async (input) => ({
    fileName: datedFileName('设备维护记录', ctx.now()),
    sheetName: '设备维护记录',
    columns: exportColumns,
    rows: mapRows(await maintenance.recordRows(ctx, signedIn(input).userId, input.body), exportRow),
  }));
}
