import {
  STATISTICS_SPAN_MAX_DAYS,
  chinaDateTime,
  parseVideoTime,
  type Statistics,
  type statisticsRequestSchema,
} from '@cityops/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { refuse } from '../../http/envelope.js';
import { projectScope } from '../devices/service.js';
import { intArray } from '../messages/recipients.js';
import { checkVisible } from '../projects/service.js';
import type { Ctx } from './service.js';

/**
 * omStatisticsInfo: alarms (iot_alarms, read here by plain SQL on its table name) and
 * work orders of a period, within the projects the user sees.
 *
 * Alarms are counted by the time they opened (first_at), orders by their creation; handling times and
 * the on-time rate are of the orders done in the period (finished_at). Until the alarm engine adds its
 * columns (kind, handled_at, closed_at), `alarms.byKind` is empty and `alarms.responseSeconds` null.
 */

type Request = z.output<typeof statisticsRequestSchema>;
type Tally = { key: string; count: number }[];

const DAY_MS = 86_400_000;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** A China day (YYYY-MM-DD) of a timestamptz column, whatever the session's time zone. */
const chinaDay = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const tally = (rows: { key: string | number; count: number | string }[]): Tally =>
  rows.map((row) => ({ key: String(row.key), count: Number(row.count) }));

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Every China day from `from`'s to `to`'s, inclusive. */
function daysOf(from: number, to: number): string[] {
  const first = Date.parse(`${chinaDateTime(from).slice(0, 10)}T00:00:00Z`);
  const last = Date.parse(`${chinaDateTime(to).slice(0, 10)}T00:00:00Z`);
  const days: string[] = [];
  for (let day = first; day <= last; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

export async function statistics(ctx: Ctx, userId: number, request: Request): Promise<Statistics> {
  const from = parseVideoTime(request.from) ?? refuse('statistics.rangeRequired');
  const to = parseVideoTime(request.to) ?? refuse('statistics.rangeRequired');
  if (to < from) refuse('field.endAfterStart');
  if (to - from > STATISTICS_SPAN_MAX_DAYS * DAY_MS) refuse('statistics.rangeTooLong');
  if (request.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, request.projectId);
  const scope = await projectScope(ctx, ctx.db, userId);
  const db = ctx.db;
  const fromAt = new Date(from).toISOString();
  const toAt = new Date(to).toISOString();
  const now = ctx.now().toISOString();

  const projectOf = (column: SQL) =>
    sql.join(
      [
        scope === null ? sql`true` : sql`${column} = any(${intArray(scope)})`,
        request.projectId === undefined ? sql`true` : sql`${column} = ${request.projectId}`,
      ],
      sql` and `,
    );
  const within = (column: SQL) => sql`${column} between ${fromAt}::timestamptz and ${toAt}::timestamptz`;

  const alarmWhere = sql`${projectOf(sql`a.project_id`)} and ${within(sql`a.first_at`)}`;
  const alarmsBy = (key: SQL, limit?: number) =>
    query<{ key: string; count: number }>(
      db,
      sql`select ${key} as key, count(*)::integer as count from iot_alarms a
        left join iot_devices d on d.device_id = a.device_id
        left join iot_products p on p.product_id = d.product_id
        where ${alarmWhere} group by 1 order by 2 desc, 1 ${limit ? sql`limit ${limit}` : sql``}`,
    );
  const [alarmsByState, alarmsByLevel, alarmsByType, alarmsByTitle] = await Promise.all([
    alarmsBy(sql`a.state`),
    alarmsBy(sql`a.level`),
    alarmsBy(sql`coalesce(p.type_code, '')`),
    alarmsBy(sql`a.title`, 10),
  ]);

  const orderWhere = sql`${projectOf(sql`o.project_id`)} and ${within(sql`o.created_at`)}`;
  const ordersBy = (key: SQL) =>
    query<{ key: string; count: number }>(
      db,
      sql`select ${key} as key, count(*)::integer as count from om_work_orders o
        where ${orderWhere} group by 1 order by 2 desc, 1`,
    );
  const [bySource, byState, byLevel] = await Promise.all([
    ordersBy(sql`o.source::text`),
    ordersBy(sql`o.state`),
    ordersBy(sql`o.level`),
  ]);
  const [done] = await query<{ mean: number | null; p95: number | null; done: number; on_time: number }>(
    db,
    sql`select avg(extract(epoch from o.finished_at - o.created_at))::float8 as mean,
        percentile_cont(0.95) within group (order by extract(epoch from o.finished_at - o.created_at))::float8 as p95,
        count(*)::integer as done,
        (count(*) filter (where o.finished_at <= o.deadline_at))::integer as on_time
      from om_work_orders o
      where ${projectOf(sql`o.project_id`)} and o.state = 'done' and ${within(sql`o.finished_at`)}`,
  );
  const [open] = await query<{ overdue: number }>(
    db,
    sql`select count(*)::integer as overdue from om_work_orders o
      where ${orderWhere} and o.state not in ('done', 'cancelled') and o.deadline_at < ${now}::timestamptz`,
  );

  const perDay = async (statement: SQL) =>
    new Map(
      (await query<{ day: string; count: number }>(db, statement)).map((row) => [row.day, Number(row.count)]),
    );
  const [alarmDays, orderDays, doneDays] = await Promise.all([
    perDay(sql`select ${chinaDay(sql`a.first_at`)} as day, count(*)::integer as count from iot_alarms a
      where ${alarmWhere} group by 1`),
    perDay(sql`select ${chinaDay(sql`o.created_at`)} as day, count(*)::integer as count from om_work_orders o
      where ${orderWhere} group by 1`),
    perDay(sql`select ${chinaDay(sql`o.finished_at`)} as day, count(*)::integer as count from om_work_orders o
      where ${projectOf(sql`o.project_id`)} and o.state = 'done' and ${within(sql`o.finished_at`)} group by 1`),
  ]);

  const total = (rows: Tally) => rows.reduce((sum, row) => sum + row.count, 0);
  const alarmStates = tally(alarmsByState);
  const orderStates = tally(byState);
  const doneCount = Number(done?.done ?? 0);
  return {
    alarms: {
      total: total(alarmStates),
      byState: alarmStates,
      byLevel: tally(alarmsByLevel),
      // Waits for the engine's `kind` column (alarm or early warning).
      byKind: [],
      byType: tally(alarmsByType),
      byTitle: tally(alarmsByTitle),
      // Waits for the engine's `handled_at` column.
      responseSeconds: { mean: null, p95: null },
    },
    orders: {
      total: total(orderStates),
      bySource: tally(bySource),
      byState: orderStates,
      byLevel: tally(byLevel),
      handlingSeconds: { mean: numberOrNull(done?.mean), p95: numberOrNull(done?.p95) },
      onTimeRate: doneCount === 0 ? null : Number(done?.on_time ?? 0) / doneCount,
      overdueOpen: Number(open?.overdue ?? 0),
    },
    daily: daysOf(from, to).map((day) => ({
      day,
      alarms: alarmDays.get(day) ?? 0,
      orders: orderDays.get(day) ?? 0,
      done: doneDays.get(day) ?? 0,
    })),
  };
}
