import {
  CLOSED_WORK_ORDER_STATES,
  OPEN_WORK_ORDER_STATES,
  WORK_ORDER_PAGE,
  WORK_ORDER_TABS,
  parseVideoTime,
  type Assignee,
  type WorkOrderPhoto,
  type WorkOrderRow,
  type WorkOrderStep,
  type WorkOrderTab,
  type workOrderListRequestSchema,
} from '@cityops/contract';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import { keysetBatches, mapRows } from '../../db/batches.js';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import type { ProjectScope } from '../devices/repository.js';
import { devices } from '../devices/tables.js';
import { deviceAlarms } from '../alarms/tables.js';
import { projects } from '../projects/tables.js';
import { resources } from '../resources/tables.js';
import { roleResources } from '../roles/tables.js';
import { userProjects, userRoles, users } from '../users/tables.js';
import {
  workOrderDays,
  workOrderPhotos as photos,
  workOrders as orders,
  workOrderSteps as steps,
} from './tables.js';

/** The only queries of work orders, their steps and photos. */

type ListRequest = z.output<typeof workOrderListRequestSchema>;
export type OrderFilter = Omit<ListRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder' | 'tab'>;
export type NewOrder = typeof orders.$inferInsert;
export type NewStep = typeof steps.$inferInsert;

const assignee = aliasedTable(users, 'assignee');

/** How a user is shown: their name, or their account when the name is empty. */
export const shownName = (table: typeof users) =>
  sql<string>`coalesce(nullif(${table.name}, ''), ${table.userName})`;

const list = (states: readonly string[]) =>
  sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  );

/** Open past its deadline, or done after it. */
export const overdueSql = (now: Date) =>
  sql<boolean>`((${orders.state} not in (${list(CLOSED_WORK_ORDER_STATES)}) and ${orders.deadlineAt} < ${now.toISOString()}::timestamptz)
    or (${orders.state} = 'done' and ${orders.finishedAt} > ${orders.deadlineAt}))`;

const rowColumns = (now: Date) => ({
  orderId: orders.id,
  orderNo: orders.orderNo,
  title: orders.title,
  description: orders.description,
  source: orders.source,
  level: orders.level,
  state: orders.state,
  projectId: orders.projectId,
  projectName: projects.name,
  deviceId: orders.deviceId,
  deviceName: orders.deviceName,
  alarmId: orders.alarmId,
  deviceRecovered: sql<
    boolean | null
  >`(select ${deviceAlarms.recoveredAt} is not null from ${deviceAlarms} where ${deviceAlarms.id} = ${orders.alarmId})`,
  assigneeId: orders.assigneeId,
  assigneeName: sql<string | null>`${shownName(assignee)}`,
  creatorName: orders.creatorName,
  deadlineAt: orders.deadlineAt,
  overdue: overdueSql(now),
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  finishedAt: orders.finishedAt,
  result: orders.result,
});

const selectRows = (db: Database, now: Date) =>
  db
    .select({ ...rowColumns(now), total: totalOver })
    .from(orders)
    .innerJoin(projects, eq(projects.id, orders.projectId))
    .leftJoin(assignee, eq(assignee.id, orders.assigneeId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const iso = (time: Date | string) => new Date(time).toISOString();

const toRow = ({ total: _total, ...row }: Selected): WorkOrderRow => ({
  ...row,
  source: row.source as WorkOrderRow['source'],
  level: row.level as WorkOrderRow['level'],
  state: row.state as WorkOrderRow['state'],
  deviceRecovered: row.deviceRecovered === null ? null : Boolean(row.deviceRecovered),
  overdue: Boolean(row.overdue),
  deadlineAt: iso(row.deadlineAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
});

const momentOf = (value: string | undefined) => {
  const time = value === undefined ? null : parseVideoTime(value);
  return time === null ? null : new Date(time);
};

function whereOf(filter: OrderFilter, scope: ProjectScope): SQL | undefined {
  const keyword = filter.keyword ? containing(filter.keyword) : null;
  const from = momentOf(filter.from);
  const to = momentOf(filter.to);
  return and(
    scope === null ? undefined : inArray(orders.projectId, [...scope, 0]),
    filter.projectId === undefined ? undefined : eq(orders.projectId, filter.projectId),
    filter.source === undefined ? undefined : eq(orders.source, filter.source),
    filter.level === undefined ? undefined : eq(orders.level, filter.level),
    filter.assigneeId === undefined ? undefined : eq(orders.assigneeId, filter.assigneeId),
    from === null ? undefined : gte(orders.createdAt, from),
    to === null ? undefined : lte(orders.createdAt, to),
    keyword
      ? or(ilike(orders.orderNo, keyword), ilike(orders.title, keyword), ilike(orders.deviceName, keyword))
      : undefined,
  );
}

/** What a tab selects on top of the filters. */
function tabOf(tab: WorkOrderTab, userId: number, now: Date): SQL | undefined {
  if (tab === 'all') return undefined;
  if (tab === 'mine')
    return and(eq(orders.assigneeId, userId), inArray(orders.state, [...OPEN_WORK_ORDER_STATES]));
  if (tab === 'overdue') return overdueSql(now);
  return eq(orders.state, tab);
}

const SORT_COLUMNS = {
  createdAt: orders.createdAt,
  deadlineAt: orders.deadlineAt,
  updatedAt: orders.updatedAt,
} as const;

export function orderPage(
  db: Database,
  request: ListRequest,
  scope: ProjectScope,
  userId: number,
  now: Date,
) {
  const where = and(whereOf(request, scope), tabOf(request.tab, userId, now));
  const column = SORT_COLUMNS[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectRows(db, now)
        .where(where)
        .orderBy(direction(column), direction(orders.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(orders, where)) ?? 0,
    toRow,
  );
}

/** How many orders each tab holds for the filters, in one query. */
export async function tabCounts(
  db: Database,
  filter: OrderFilter,
  scope: ProjectScope,
  userId: number,
  now: Date,
): Promise<Record<WorkOrderTab, number>> {
  const columns = Object.fromEntries(
    WORK_ORDER_TABS.map((tab) => {
      const condition = tabOf(tab, userId, now) ?? sql`true`;
      return [tab, sql<number>`cast(count(*) filter (where ${condition}) as integer)`.mapWith(Number)];
    }),
  ) as Record<WorkOrderTab, SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select(columns as Record<WorkOrderTab, SQL<number>>)
    .from(orders)
    .where(whereOf(filter, scope));
  return Object.fromEntries(WORK_ORDER_TABS.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<
    WorkOrderTab,
    number
  >;
}

/** Every order the filter (and tab) selects, oldest id first, one batch at a time (the export). */
export function orderRows(
  db: Database,
  request: OrderFilter & { tab: WorkOrderTab },
  scope: ProjectScope,
  userId: number,
  now: Date,
) {
  const where = and(whereOf(request, scope), tabOf(request.tab, userId, now));
  return mapRows(
    keysetBatches((afterId, limit) =>
      selectRows(db, now)
        .where(and(where, gt(orders.id, afterId)))
        .orderBy(asc(orders.id))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, id: row.orderId }))),
    ),
    ({ id: _id, ...row }) => toRow(row),
  );
}

export async function findOrder(db: Database, orderId: number, now: Date): Promise<WorkOrderRow | null> {
  const [row] = await selectRows(db, now).where(eq(orders.id, orderId));
  return row ? toRow(row) : null;
}

/** The order's own columns the flow needs, locked against another step until the transaction ends. */
export async function lockOrder(db: Database, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      state: orders.state,
      projectId: orders.projectId,
      assigneeId: orders.assigneeId,
      heldFrom: orders.heldFrom,
      alarmId: orders.alarmId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * Moves the order when it is still in one of `from` (and, when given, still assigned to `assigneeId`):
 * one statement, so of two people acting at once one wins. Answers whether it moved.
 */
export async function moveOrder(
  db: Database,
  orderId: number,
  from: readonly string[],
  onlyAssignee: number | null,
  values: Partial<NewOrder>,
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set(values)
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.state, [...from]),
        onlyAssignee === null ? undefined : eq(orders.assigneeId, onlyAssignee),
      ),
    )
    .returning({ id: orders.id });
  return moved.length > 0;
}

/** The next number of the China day `day` (YYYYMMDD), safe under concurrency (one upsert). */
export async function nextNumberOfDay(db: Database, day: string): Promise<number> {
  const [row] = await db
    .insert(workOrderDays)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: workOrderDays.day, set: { last: sql`${workOrderDays.last} + 1` } })
    .returning({ last: workOrderDays.last });
  if (!row) throw new Error('om_work_order_days upsert returned no row');
  return row.last;
}

export async function insertOrder(db: Database, values: NewOrder): Promise<number> {
  const [created] = await db.insert(orders).values(values).returning({ id: orders.id });
  if (!created) throw new Error('insert into om_work_orders returned no row');
  return created.id;
}

export async function insertStep(db: Database, values: NewStep): Promise<number> {
  const [created] = await db.insert(steps).values(values).returning({ id: steps.id });
  if (!created) throw new Error('insert into om_work_order_steps returned no row');
  return created.id;
}

export async function stepsOf(db: Database, orderId: number): Promise<WorkOrderStep[]> {
  const rows = await db
    .select({
      stepId: steps.id,
      at: steps.at,
      actor: steps.actorName,
      action: steps.action,
      fromState: steps.fromState,
      toState: steps.toState,
      assigneeName: steps.assigneeName,
      note: steps.note,
    })
    .from(steps)
    .where(eq(steps.orderId, orderId))
    .orderBy(asc(steps.id));
  const stepIds = rows.map((row) => row.stepId);
  const stepPhotos =
    stepIds.length === 0
      ? []
      : await db
          .select({
            stepId: photos.stepId,
            photoId: photos.id,
            name: photos.name,
            size: photos.size,
            contentType: photos.contentType,
          })
          .from(photos)
          .where(inArray(photos.stepId, stepIds))
          .orderBy(asc(photos.position), asc(photos.id));
  return rows.map((row) => ({
    ...row,
    at: iso(row.at),
    action: row.action as WorkOrderStep['action'],
    fromState: row.fromState as WorkOrderStep['fromState'],
    toState: row.toState as WorkOrderStep['toState'],
    photos: stepPhotos
      .filter((photo) => photo.stepId === row.stepId)
      .map(({ stepId: _stepId, ...photo }): WorkOrderPhoto => photo),
  }));
}

/** Whether the user holds `code` (public, or through a role), as a condition on `users`. */
const holdsCode = (code: string) => sql`exists (
  select 1 from ${resources} r
  where lower(r.code) = lower(${code})
    and (r.is_public or exists (
      select 1 from ${roleResources} rr join ${userRoles} ur on ur.role_id = rr.role_id
      where rr.resource_id = r.id and ur.user_id = ${users.id})))`;

const assigneeWhere = (projectId: number) =>
  and(
    eq(users.status, 'enabled'),
    sql`exists (select 1 from ${userProjects} up where up.user_id = ${users.id} and up.project_id = ${projectId})`,
    holdsCode(WORK_ORDER_PAGE),
  );

/** The people an order of the project may be dispatched to: enabled members holding omWorkOrder. */
export function assignees(db: Database, projectId: number): Promise<Assignee[]> {
  return db
    .select({ userId: users.id, name: shownName(users), account: users.userName })
    .from(users)
    .where(assigneeWhere(projectId))
    .orderBy(asc(users.userName));
}

/** The assignee's shown name when they may be given orders of the project, else null. */
export async function validAssignee(db: Database, projectId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: shownName(users) })
    .from(users)
    .where(and(eq(users.id, userId), assigneeWhere(projectId)));
  return row?.name ?? null;
}

export async function userName(db: Database, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: shownName(users) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

export async function deviceFacts(db: Database, deviceId: number) {
  const [row] = await db
    .select({ deviceId: devices.id, name: devices.name, projectId: devices.projectId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? null;
}

// ---- photos ----

export type NewPhoto = typeof photos.$inferInsert;

export async function insertPhoto(db: Database, values: NewPhoto): Promise<number> {
  const [created] = await db.insert(photos).values(values).returning({ id: photos.id });
  if (!created) throw new Error('insert into om_work_order_photos returned no row');
  return created.id;
}

/**
 * Gives the step the photos, in the order named, when every one is the uploader's own and unused.
 * Answers whether they all were (nothing is changed otherwise).
 */
export async function attachPhotos(
  db: Database,
  stepId: number,
  uploaderId: number,
  photoIds: readonly number[],
) {
  if (photoIds.length === 0) return true;
  const unique = [...new Set(photoIds)];
  if (unique.length !== photoIds.length) return false;
  const free = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(inArray(photos.id, unique), eq(photos.uploadedBy, uploaderId), sql`${photos.stepId} is null`))
    .for('update');
  if (free.length !== unique.length) return false;
  for (const [position, photoId] of unique.entries())
    await db.update(photos).set({ stepId, position }).where(eq(photos.id, photoId));
  return true;
}

/** A photo, with the project of the order its step belongs to (null while unused). */
export async function findPhoto(db: Database, photoId: number) {
  const [row] = await db
    .select({
      photoId: photos.id,
      name: photos.name,
      size: photos.size,
      contentType: photos.contentType,
      checksum: photos.checksum,
      stepId: photos.stepId,
      uploadedBy: photos.uploadedBy,
      projectId: orders.projectId,
    })
    .from(photos)
    .leftJoin(steps, eq(steps.id, photos.stepId))
    .leftJoin(orders, eq(orders.id, steps.orderId))
    .where(eq(photos.id, photoId));
  return row ?? null;
}

/** Removes the unused photos uploaded before `before`, answering their ids (their files go next). */
export async function removeUnusedPhotos(db: Database, before: Date): Promise<number[]> {
  const removed = await db
    .delete(photos)
    .where(and(sql`${photos.stepId} is null`, lte(photos.uploadedAt, before)))
    .returning({ id: photos.id });
  return removed.map((row) => row.id);
}
