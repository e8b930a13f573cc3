import {
  ALARM_FEED_PATH,
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  API_PREFIX,
  alarmEndpoints,
  chinaDateTime,
  CLOSED_ALARM_STATES,
  deviceAlarmEndpoints,
  OPEN_ALARM_STATES,
  warningEndpoints,
  type AlarmKind,
  type AlarmRow,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { mapRows } from '../../db/batches.js';
import { exportRoute } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { route, signedIn } from '../../http/route.js';
import { peekSession, sessionExpiry } from '../auth/sessions.js';
import { userOfInput as userOf } from '../logs/audit.js';
import type { AlarmListScope } from './repository.js';
import { AlarmRuntime, registerAlarmRuntime } from './runtime.js';
import * as alarms from './service.js';

const exportColumns = [
  { header: '告警类型', key: 'title', width: 20 },
  { header: '告警级别', key: 'level', width: 10 },
  { header: '状态', key: 'state', width: 10 },
  { header: '设备名称', key: 'deviceName', width: 20 },
  { header: '设备标识', key: 'deviceKey', width: 20 },
  { header: '所属项目', key: 'projectName', width: 20 },
  { header: '区域', key: 'areaName', width: 16 },
  { header: '地址', key: 'address', width: 30 },
  { header: '次数', key: 'count', width: 8 },
  { header: '首次时间', key: 'firstAt', width: 20 },
  { header: '最近时间', key: 'lastAt', width: 20 },
  { header: '恢复时间', key: 'recoveredAt', width: 20 },
  { header: '处理人', key: 'handledBy', width: 12 },
  { header: '处理时间', key: 'handledAt', width: 20 },
  { header: '关闭时间', key: 'closedAt', width: 20 },
  { header: '持续时长（分钟）', key: 'minutes', width: 14 },
] as const;

const timeOf = (at: string | null) => (at ? chinaDateTime(at) : '');

const exportRow = (row: AlarmRow) => ({
  title: row.title,
  level: ALARM_LEVEL_NAMES[row.level][0],
  state: ALARM_STATE_NAMES[row.state][0],
  deviceName: row.deviceName,
  deviceKey: row.deviceKey,
  projectName: row.projectName,
  areaName: row.areaName ?? '',
  address: row.address,
  count: row.count,
  firstAt: timeOf(row.firstAt),
  lastAt: timeOf(row.lastAt),
  recoveredAt: timeOf(row.recoveredAt),
  handledBy: row.handledBy ?? '',
  handledAt: timeOf(row.handledAt),
  closedAt: timeOf(row.closedAt),
  minutes: row.closedAt
    ? Math.round((new Date(row.closedAt).getTime() - new Date(row.firstAt).getTime()) / 60_000)
    : '',
});

const openList = (kind: AlarmKind | null): AlarmListScope => ({
  kind,
  states: OPEN_ALARM_STATES,
  dateColumn: 'lastAt',
});
const closedList = (kind: AlarmKind): AlarmListScope => ({
  kind,
  states: CLOSED_ALARM_STATES,
  dateColumn: 'firstAt',
});

const SOCKET_PROTOCOL =
  'The alarm feed socket (contract alarms.ts). The first frame is {"accessToken"} of a live session holding ' +
  'alarmList, historyList, ewInfoList or ewInfoHisList, within 5 s; then {"type":"ping"}. The server sends ' +
  '{"type":"ready"|"raised"|"changed"|"pong",…} for alarms of the user’s projects and kinds.';

/** Alarms and early warnings: lists, handling, detail, comments, exports, the feed. */
export default async function alarmRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const runtime = new AlarmRuntime(ctx, app.log);
  registerAlarmRuntime(ctx, runtime);
  await runtime.start();
  app.addHook('preClose', () => runtime.stop());

  for (const [kind, api] of [
    ['alarm', alarmEndpoints],
    ['warning', warningEndpoints],
  ] as const) {
    const name = kind === 'alarm' ? '告警' : '预警';
    route(app, api.page, (input) => alarms.alarmPage(ctx, userOf(input), input.body, openList(kind)));
    route(app, api.history, (input) => alarms.alarmPage(ctx, userOf(input), input.body, closedList(kind)));
    route(app, api.handle, (input) => {
      const session = signedIn(input);
      return alarms.handleAlarms(
        ctx,
        kind,
        { userId: session.userId, name: session.userName },
        input.body,
        input.locale,
      );
    });
    exportRoute(app, api.export, async (input) => ({
      fileName: datedFileName(`${name}列表`, ctx.now()),
      sheetName: `${name}列表`,
      columns: exportColumns,
      rows: mapRows(
        await alarms.alarmRows(ctx, signedIn(input).userId, input.body, openList(kind)),
        exportRow,
      ),
    }));
    exportRoute(app, api.historyExport, async (input) => ({
      fileName: datedFileName(`历史${name}`, ctx.now()),
      sheetName: `历史${name}`,
      columns: exportColumns,
      rows: mapRows(
        await alarms.alarmRows(ctx, signedIn(input).userId, input.body, closedList(kind)),
        exportRow,
      ),
    }));
  }
  route(app, alarmEndpoints.detail, (input) =>
    alarms.alarmDetail(ctx, userOf(input), input.params.id, input.locale),
  );
  route(app, alarmEndpoints.comment, (input) => {
    const session = signedIn(input);
    return alarms.commentAlarm(
      ctx,
      { userId: session.userId, name: session.userName },
      input.body.alarmId,
      input.body.comment,
    );
  });
  route(app, deviceAlarmEndpoints.page, (input) => alarms.deviceAlarmPage(ctx, userOf(input), input.body));

  app.get(
    `${API_PREFIX}${ALARM_FEED_PATH}`,
    { websocket: true, config: { socket: SOCKET_PROTOCOL } },
    (socket) =>
      runtime.serve(socket, {
        sessionOf: (token) => peekSession(ctx, token),
        expiryOf: (sessionId) => sessionExpiry(ctx, sessionId),
        now: ctx.now,
        log: app.log,
      }),
  );
}
