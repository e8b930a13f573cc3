import {
  kindOfMode,
  type DeviceChoice,
  type DeviceChoiceQuery,
  type RuleMode,
  type DeviceRow,
  type DeviceType,
  type FunctionFields,
  type FunctionRow,
  type ProductRow,
  type RuleRow,
  type deviceListRequestSchema,
  type productListRequestSchema,
} from '@cityops/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { areas } from '../areas/tables.js';
import { deviceAlarms } from '../alarms/tables.js';
import { points } from '../points/tables.js';
import { projects } from '../projects/tables.js';
import { sites } from '../sites/tables.js';
import { userProjects } from '../users/tables.js';
import { alarmRules, devices, productFunctions, products } from './tables.js';

/** The only drizzle queries of the device registry and the thing model. */

type NewProduct = typeof products.$inferInsert;
type NewRule = typeof alarmRules.$inferInsert;
type NewDevice = typeof devices.$inferInsert;
type ProductListRequest = z.output<typeof productListRequestSchema>;
type DeviceListRequest = z.output<typeof deviceListRequestSchema>;
/** The projects a caller sees: null for every one. */
export type ProjectScope = readonly number[] | null;

const iso = (date: Date) => date.toISOString();

/** Serialises the checks of a kind of unique value (product keys, device keys and codes) with their writes. */
export async function lockKeys(db: Database, kind: 'products' | 'devices') {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('iot'), hashtext(${kind}))`);
}

// ---- projects the caller sees ----

export async function memberProjectIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userProjects.projectId })
    .from(userProjects)
    .where(eq(userProjects.userId, userId));
  return rows.map((row) => row.id);
}

/** The projects of the scope by name (the import's 所属项目 column). */
export function projectsByName(db: Database, scope: ProjectScope) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(scope === null ? undefined : inArray(projects.id, [...scope, 0]))
    .orderBy(projects.id);
}

export function areasOfProjects(db: Database, projectIds: readonly number[]) {
  return db
    .select({ id: areas.id, name: areas.name, projectId: areas.projectId })
    .from(areas)
    .where(inArray(areas.projectId, [...projectIds, 0]))
    .orderBy(areas.id);
}

export async function areaProject(db: Database, areaId: number): Promise<number | null> {
  const [row] = await db.select({ projectId: areas.projectId }).from(areas).where(eq(areas.id, areaId));
  return row?.projectId ?? null;
}

export async function pointProject(db: Database, pointId: number): Promise<number | null> {
  const [row] = await db.select({ projectId: points.projectId }).from(points).where(eq(points.id, pointId));
  return row?.projectId ?? null;
}

export async function siteProject(db: Database, siteId: number): Promise<number | null> {
  const [row] = await db.select({ projectId: sites.projectId }).from(sites).where(eq(sites.id, siteId));
  return row?.projectId ?? null;
}

// ---- products ----

// Written out: inside a correlated subquery drizzle would leave both `product_id` columns unqualified.
const deviceCountOf = sql<number>`cast((select count(*) from iot_devices d where d.product_id = "iot_products"."product_id") as integer)`;
const functionCountOf = sql<number>`cast((select count(*) from iot_product_functions f where f.product_id = "iot_products"."product_id") as integer)`;

const productColumns = {
  productId: products.id,
  productKey: products.productKey,
  name: products.name,
  nameEn: products.nameEn,
  typeCode: products.typeCode,
  vendor: products.vendor,
  model: products.model,
  description: products.description,
  params: products.params,
  offlineAfterSeconds: products.offlineAfterSeconds,
  deviceCount: deviceCountOf.mapWith(Number),
  functionCount: functionCountOf.mapWith(Number),
  editor: products.editor,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const selectProducts = (db: Database) => db.select({ ...productColumns, total: totalOver }).from(products);
type SelectedProduct = Awaited<ReturnType<typeof selectProducts>>[number];

const toProduct = ({
  total: _total,
  createdAt,
  updatedAt,
  typeCode,
  ...row
}: SelectedProduct): ProductRow => ({
  ...row,
  // The contract's schema checks it on the way in; the column holds only those codes.
  typeCode: typeCode as DeviceType,
  createdAt: iso(createdAt),
  updatedAt: iso(updatedAt),
});

const PRODUCT_SORT = { name: products.name, productKey: products.productKey, createdAt: products.createdAt };

export function productPage(db: Database, request: ProductListRequest) {
  const where = and(
    request.typeCode ? eq(products.typeCode, request.typeCode) : undefined,
    request.keyword
      ? or(
          ilike(products.name, containing(request.keyword)),
          ilike(products.productKey, containing(request.keyword)),
        )
      : undefined,
  );
  const column = PRODUCT_SORT[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectProducts(db)
        .where(where)
        .orderBy(direction(column), direction(products.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(products, where)) ?? 0,
    toProduct,
  );
}

export async function allProducts(db: Database, typeCode?: string): Promise<ProductRow[]> {
  const rows = await selectProducts(db)
    .where(typeCode ? eq(products.typeCode, typeCode) : undefined)
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toProduct);
}

export async function findProduct(db: Database, productId: number): Promise<ProductRow | null> {
  const [row] = await selectProducts(db).where(eq(products.id, productId));
  return row ? toProduct(row) : null;
}

/** Products by key, lower-cased (the import's 产品标识 column). */
export async function productsByKey(db: Database) {
  const rows = await db
    .select({ id: products.id, productKey: products.productKey, typeCode: products.typeCode })
    .from(products);
  return new Map(rows.map((row) => [row.productKey.toLowerCase(), row]));
}

export async function productKeyTaken(db: Database, productKey: string, exceptId?: number) {
  const found = await db.$count(
    products,
    and(
      sql`lower(${products.productKey}) = lower(${productKey})`,
      exceptId === undefined ? undefined : ne(products.id, exceptId),
    ),
  );
  return found > 0;
}

export async function insertProduct(db: Database, values: NewProduct): Promise<number> {
  const [created] = await db.insert(products).values(values).returning({ id: products.id });
  if (!created) throw new Error('insert into iot_products returned no row');
  return created.id;
}

export async function updateProduct(db: Database, productId: number, values: Partial<NewProduct>) {
  await db.update(products).set(values).where(eq(products.id, productId));
}

export async function deleteProduct(db: Database, productId: number) {
  await db.delete(products).where(eq(products.id, productId));
}

export const devicesOfProduct = (db: Database, productId: number) =>
  db.$count(devices, eq(devices.productId, productId));

// ---- functions ----

const toFunction = (row: typeof productFunctions.$inferSelect): FunctionRow => ({
  ...row.definition,
  functionId: row.id,
  productId: row.productId,
});

export async function functionsOf(db: Database, productId: number): Promise<FunctionRow[]> {
  const rows = await db
    .select()
    .from(productFunctions)
    .where(eq(productFunctions.productId, productId))
    .orderBy(productFunctions.id);
  return rows.map(toFunction);
}

export async function findFunction(db: Database, functionId: number): Promise<FunctionRow | null> {
  const [row] = await db.select().from(productFunctions).where(eq(productFunctions.id, functionId));
  return row ? toFunction(row) : null;
}

export async function identifierTaken(
  db: Database,
  productId: number,
  identifier: string,
  exceptId?: number,
) {
  const found = await db.$count(
    productFunctions,
    and(
      eq(productFunctions.productId, productId),
      eq(productFunctions.identifier, identifier),
      exceptId === undefined ? undefined : ne(productFunctions.id, exceptId),
    ),
  );
  return found > 0;
}

const functionColumns = (definition: FunctionFields) => ({
  kind: definition.kind,
  identifier: definition.identifier,
  name: definition.name,
  definition,
});

export async function insertFunctions(
  db: Database,
  productId: number,
  definitions: readonly FunctionFields[],
) {
  if (definitions.length === 0) return [];
  return db
    .insert(productFunctions)
    .values(definitions.map((definition) => ({ productId, ...functionColumns(definition) })))
    .onConflictDoNothing()
    .returning({ id: productFunctions.id });
}

export async function updateFunction(db: Database, functionId: number, definition: FunctionFields) {
  await db
    .update(productFunctions)
    .set(functionColumns(definition))
    .where(eq(productFunctions.id, functionId));
}

export async function deleteFunction(db: Database, functionId: number) {
  await db.delete(productFunctions).where(eq(productFunctions.id, functionId));
}

// ---- threshold rules ----

const ruleColumns = {
  ruleId: alarmRules.id,
  productId: alarmRules.productId,
  productName: products.name,
  productNameEn: products.nameEn,
  name: alarmRules.name,
  nameEn: alarmRules.nameEn,
  mode: alarmRules.mode,
  identifier: alarmRules.identifier,
  operator: alarmRules.operator,
  threshold: alarmRules.threshold,
  windowSeconds: alarmRules.windowSeconds,
  clearOperator: alarmRules.clearOperator,
  clearThreshold: alarmRules.clearThreshold,
  clearIdentifier: alarmRules.clearIdentifier,
  durationSeconds: alarmRules.durationSeconds,
  repeatCount: alarmRules.repeatCount,
  level: alarmRules.level,
  autoHandle: alarmRules.autoHandle,
  repeatFrequency: alarmRules.repeatFrequency,
  schedule: alarmRules.schedule,
  enabled: alarmRules.enabled,
};

const selectRules = (db: Database) =>
  db.select(ruleColumns).from(alarmRules).innerJoin(products, eq(products.id, alarmRules.productId));

// The columns hold only what the contract's schemas let in (checked again on the way out).
const toRule = (row: Awaited<ReturnType<typeof selectRules>>[number]) =>
  ({ ...row, kind: kindOfMode(row.mode as RuleMode) }) as RuleRow;

export async function rulesOf(db: Database, productId?: number): Promise<RuleRow[]> {
  const rows = await selectRules(db)
    .where(productId === undefined ? undefined : eq(alarmRules.productId, productId))
    .orderBy(alarmRules.productId, alarmRules.id);
  return rows.map(toRule);
}

export async function findRule(db: Database, ruleId: number): Promise<RuleRow | null> {
  const [row] = await selectRules(db).where(eq(alarmRules.id, ruleId));
  return row ? toRule(row) : null;
}

/** The rules watching a property's values (threshold and trend rules). */
export const rulesOn = (db: Database, productId: number, identifier: string) =>
  db.$count(
    alarmRules,
    and(
      eq(alarmRules.productId, productId),
      eq(alarmRules.identifier, identifier),
      inArray(alarmRules.mode, ['threshold', 'rise', 'predict']),
    ),
  );

export async function ruleNames(db: Database, productId: number) {
  const rows = await db
    .select({ name: alarmRules.name })
    .from(alarmRules)
    .where(eq(alarmRules.productId, productId));
  return new Set(rows.map((row) => row.name));
}

export async function insertRule(db: Database, values: NewRule): Promise<number> {
  const [created] = await db.insert(alarmRules).values(values).returning({ id: alarmRules.id });
  if (!created) throw new Error('insert into iot_alarm_rules returned no row');
  return created.id;
}

export async function updateRule(db: Database, ruleId: number, values: Partial<NewRule>) {
  await db.update(alarmRules).set(values).where(eq(alarmRules.id, ruleId));
}

export async function deleteRule(db: Database, ruleId: number) {
  await db.delete(alarmRules).where(eq(alarmRules.id, ruleId));
}

export async function deleteRulesOn(db: Database, productId: number, identifier: string) {
  await db
    .delete(alarmRules)
    .where(and(eq(alarmRules.productId, productId), eq(alarmRules.identifier, identifier)));
}

// ---- devices ----

const deviceColumns = {
  deviceId: devices.id,
  deviceKey: devices.deviceKey,
  controlCode: devices.controlCode,
  name: devices.name,
  productId: devices.productId,
  productName: products.name,
  productNameEn: products.nameEn,
  typeCode: products.typeCode,
  projectId: devices.projectId,
  projectName: projects.name,
  areaId: devices.areaId,
  areaName: areas.name,
  siteId: devices.siteId,
  siteName: sites.name,
  pointId: devices.pointId,
  pointName: points.name,
  segment: devices.segment,
  longitude: devices.longitude,
  latitude: devices.latitude,
  address: devices.address,
  enabled: devices.enabled,
  online: devices.online,
  lastSeenAt: devices.lastSeenAt,
  firmwareVersion: devices.firmwareVersion,
  remarks: devices.remarks,
  editor: devices.editor,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

const selectDevices = (db: Database) =>
  db
    .select({ ...deviceColumns, total: totalOver })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .leftJoin(areas, eq(areas.id, devices.areaId))
    .leftJoin(sites, eq(sites.id, devices.siteId))
    .leftJoin(points, eq(points.id, devices.pointId));
type SelectedDevice = Awaited<ReturnType<typeof selectDevices>>[number];

const toDevice = ({
  total: _total,
  typeCode,
  lastSeenAt,
  createdAt,
  updatedAt,
  ...row
}: SelectedDevice): DeviceRow => ({
  ...row,
  typeCode: typeCode as DeviceType,
  lastSeenAt: lastSeenAt ? iso(lastSeenAt) : null,
  createdAt: iso(createdAt),
  updatedAt: iso(updatedAt),
});

const inScope = (scope: ProjectScope) =>
  scope === null ? undefined : inArray(devices.projectId, [...scope, 0]);

const DEVICE_SORT = {
  name: devices.name,
  deviceKey: devices.deviceKey,
  createdAt: devices.createdAt,
  lastSeenAt: devices.lastSeenAt,
};

/** The devices a list's filters choose within the user's projects (the device list and the live lists). */
export function deviceFilter(
  request: Omit<DeviceListRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
  scope: ProjectScope,
): SQL | undefined {
  const keyword = request.keyword ? containing(request.keyword) : null;
  return and(
    inScope(scope),
    request.projectId === undefined ? undefined : eq(devices.projectId, request.projectId),
    request.productId === undefined ? undefined : eq(devices.productId, request.productId),
    request.areaId === undefined ? undefined : eq(devices.areaId, request.areaId),
    request.siteId === undefined ? undefined : eq(devices.siteId, request.siteId),
    request.typeCode === undefined ? undefined : eq(products.typeCode, request.typeCode),
    request.online === undefined ? undefined : eq(devices.online, request.online),
    request.pointId === undefined ? undefined : eq(devices.pointId, request.pointId),
    request.mounted === undefined
      ? undefined
      : request.mounted
        ? isNotNull(devices.pointId)
        : isNull(devices.pointId),
    keyword
      ? or(
          ilike(devices.name, keyword),
          ilike(devices.deviceKey, keyword),
          ilike(devices.controlCode, keyword),
        )
      : undefined,
  );
}

export function devicePage(db: Database, request: DeviceListRequest, scope: ProjectScope) {
  const where = deviceFilter(request, scope);
  const column = DEVICE_SORT[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectDevices(db)
        .where(where)
        .orderBy(sql`${direction(column)} nulls last`, direction(devices.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(where);
      return row?.n ?? 0;
    },
    toDevice,
  );
}

export async function findDevice(db: Database, deviceId: number): Promise<DeviceRow | null> {
  const [row] = await selectDevices(db).where(eq(devices.id, deviceId));
  return row ? toDevice(row) : null;
}

export async function findDevices(db: Database, deviceIds: readonly number[]): Promise<DeviceRow[]> {
  const rows = await selectDevices(db)
    .where(inArray(devices.id, [...deviceIds, 0]))
    .orderBy(devices.id);
  return rows.map(toDevice);
}

export async function deviceSecret(db: Database, deviceId: number) {
  const [row] = await db
    .select({
      deviceKey: devices.deviceKey,
      secretSealed: devices.secretSealed,
      projectId: devices.projectId,
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? null;
}

export async function deviceKeyTaken(db: Database, deviceKey: string, exceptId?: number) {
  const found = await db.$count(
    devices,
    and(eq(devices.deviceKey, deviceKey), exceptId === undefined ? undefined : ne(devices.id, exceptId)),
  );
  return found > 0;
}

export async function controlCodeTaken(db: Database, controlCode: string, exceptId?: number) {
  const found = await db.$count(
    devices,
    and(eq(devices.controlCode, controlCode), exceptId === undefined ? undefined : ne(devices.id, exceptId)),
  );
  return found > 0;
}

const LOOKUP_CHUNK = 5_000;

/** Which of these device keys are registered already. */
export async function takenKeys(db: Database, deviceKeys: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < deviceKeys.length; i += LOOKUP_CHUNK) {
    const chunk = deviceKeys.slice(i, i + LOOKUP_CHUNK);
    const rows = await db
      .select({ key: devices.deviceKey })
      .from(devices)
      .where(inArray(devices.deviceKey, chunk));
    for (const row of rows) taken.add(row.key);
  }
  return taken;
}

/** Which of these control codes are taken already. */
export async function takenControlCodes(db: Database, codes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
    const chunk = codes.slice(i, i + LOOKUP_CHUNK);
    const rows = await db
      .select({ code: devices.controlCode })
      .from(devices)
      .where(inArray(devices.controlCode, chunk));
    for (const row of rows) if (row.code !== null) taken.add(row.code);
  }
  return taken;
}

/** Devices per INSERT statement (import and demo seed). */
const INSERT_BATCH = 1_000;

/** A device as the import and the seed add it; what is left out takes the column's default. */
export interface DeviceInsert {
  deviceKey: string;
  controlCode: string | null;
  name: string;
  productId: number;
  projectId: number;
  areaId?: number | null;
  siteId?: number | null;
  pointId?: number | null;
  segment?: string;
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  enabled?: boolean;
  secretSealed: string;
  secretHash: string;
  remarks?: string;
  editor?: string;
  /** The app's clock; the database's when left out (the seed). */
  createdAt?: Date;
  updatedAt?: Date;
}

const asRecord = (row: DeviceInsert) => ({
  device_key: row.deviceKey,
  control_code: row.controlCode,
  name: row.name,
  product_id: row.productId,
  project_id: row.projectId,
  area_id: row.areaId ?? null,
  site_id: row.siteId ?? null,
  point_id: row.pointId ?? null,
  segment: row.segment ?? '',
  longitude: row.longitude ?? null,
  latitude: row.latitude ?? null,
  address: row.address ?? '',
  enabled: row.enabled ?? true,
  secret_sealed: row.secretSealed,
  secret_hash: row.secretHash,
  remarks: row.remarks ?? '',
  editor: row.editor ?? '',
  created_at: row.createdAt?.toISOString() ?? null,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/**
 * Inserts the devices, INSERT_BATCH per statement, inside the caller's transaction; answers their ids.
 * Each batch is ONE parameter, a JSON array read by jsonb_to_recordset: 1,000 rows bound as 18,000
 * parameters cost several times more to build, send and parse than the same rows as one value.
 */
export async function insertDevices(db: Database, rows: readonly DeviceInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + INSERT_BATCH).map(asRecord));
    const inserted = await db.execute<{ device_id: number }>(sql`
      insert into iot_devices (device_key, control_code, name, product_id, project_id, area_id, site_id,
        point_id, segment, longitude, latitude, address, enabled, secret_sealed, secret_hash, remarks, editor,
        created_at, updated_at)
      select device_key, control_code, name, product_id, project_id, area_id, site_id, point_id, segment,
        longitude,
        latitude, address, enabled, secret_sealed, secret_hash, remarks, editor,
        coalesce(created_at, now()), coalesce(updated_at, now())
      from jsonb_to_recordset(${batch}::jsonb) as x(device_key varchar, control_code varchar,
        name varchar, product_id integer, project_id integer, area_id integer, site_id integer,
        point_id integer, segment varchar, longitude double precision, latitude double precision, address varchar,
        enabled boolean, secret_sealed varchar, secret_hash varchar, remarks varchar, editor varchar,
        created_at timestamptz, updated_at timestamptz)
      returning device_id`);
    // node-postgres and PGlite both answer `{ rows }`.
    const { rows: created = [] } = inserted as { rows?: { device_id: number }[] };
    ids.push(...created.map((row) => Number(row.device_id)));
  }
  return ids;
}

export async function updateDevice(db: Database, deviceId: number, values: Partial<NewDevice>) {
  await db.update(devices).set(values).where(eq(devices.id, deviceId));
}

export async function deleteDevices(db: Database, deviceIds: readonly number[]) {
  await db.delete(devices).where(inArray(devices.id, [...deviceIds]));
}

/** Every device's key and stored secret, in id order (start-up: sealing again, the demo fleet's secrets). */
export function storedSecrets(db: Database) {
  return db
    .select({
      id: devices.id,
      deviceKey: devices.deviceKey,
      secretSealed: devices.secretSealed,
      secretHash: devices.secretHash,
    })
    .from(devices)
    .orderBy(devices.id);
}

/** Sets many devices' secret, sealed and hashed, in one statement. */
export async function setSecrets(
  db: Database,
  rows: readonly { id: number; secretSealed: string; secretHash: string }[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.secretSealed}::varchar, ${row.secretHash}::varchar)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${devices} set secret_sealed = v.sealed, secret_hash = v.hash from (values ${values}) as v(id, sealed, hash) where ${devices.id} = v.id`,
  );
}

// ---- overview ----

const countWhere = (condition: SQL) =>
  sql<number>`cast(count(*) filter (where ${condition}) as integer)`.mapWith(Number);
const online = countWhere(sql`${devices.online}`);

/**
 * The one count of devices every page shows (设备概览, the licence's use, 位置管理): the registry's
 * devices of the scope (and of one project), how many are online, disabled and have a place.
 */
export async function countDevices(db: Database, scope: ProjectScope, projectId?: number) {
  const [totals] = await db
    .select({
      total: count(),
      online,
      disabled: countWhere(sql`not ${devices.enabled}`),
      placed: countWhere(sql`${devices.longitude} is not null and ${devices.latitude} is not null`),
    })
    .from(devices)
    .where(and(inScope(scope), projectId === undefined ? undefined : eq(devices.projectId, projectId)));
  return {
    total: totals?.total ?? 0,
    online: totals?.online ?? 0,
    disabled: totals?.disabled ?? 0,
    placed: totals?.placed ?? 0,
  };
}

export async function overviewCounts(db: Database, scope: ProjectScope, projectId?: number) {
  const where = and(inScope(scope), projectId === undefined ? undefined : eq(devices.projectId, projectId));
  const totals = await countDevices(db, scope, projectId);
  const byType = await db
    .select({ typeCode: products.typeCode, total: count(), online })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(where)
    .groupBy(products.typeCode)
    .orderBy(products.typeCode);
  const byArea = await db
    .select({ areaId: devices.areaId, areaName: areas.name, total: count(), online })
    .from(devices)
    .leftJoin(areas, eq(areas.id, devices.areaId))
    .where(where)
    .groupBy(devices.areaId, areas.name)
    .orderBy(sql`${devices.areaId} nulls last`);
  const [alarming] = await db
    .select({ n: count() })
    .from(deviceAlarms)
    .innerJoin(devices, eq(devices.id, deviceAlarms.deviceId))
    .where(and(where, inArray(deviceAlarms.state, ['waiting', 'confirmed', 'work_order'])));
  return {
    total: totals.total,
    online: totals.online,
    disabled: totals.disabled,
    alarming: alarming?.n ?? 0,
    byType: byType.map((row) => ({ ...row, typeCode: row.typeCode as DeviceType })),
    byArea,
  };
}

/** The devices of a picker: of the scope (and one project, when given), searched by name, key or code. */
export async function deviceChoices(
  db: Database,
  scope: ProjectScope,
  query: DeviceChoiceQuery,
  limit: number,
): Promise<DeviceChoice[]> {
  const text = query.keyword ? containing(query.keyword) : null;
  return db
    .select({
      deviceId: devices.id,
      name: devices.name,
      deviceKey: devices.deviceKey,
      controlCode: devices.controlCode,
      projectName: projects.name,
    })
    .from(devices)
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .where(
      and(
        scope === null ? undefined : inArray(devices.projectId, [...scope, 0]),
        query.projectId === undefined ? undefined : eq(devices.projectId, query.projectId),
        query.deviceId === undefined ? undefined : eq(devices.id, query.deviceId),
        text
          ? or(ilike(devices.name, text), ilike(devices.deviceKey, text), ilike(devices.controlCode, text))
          : undefined,
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(limit);
}
