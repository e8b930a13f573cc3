import type {
  AreaCounts,
  BoundingBox,
  DeviceType,
  MapDevice,
  PlacedDeviceRow,
  areaDevicesRequestSchema,
  placementMapRequestSchema,
  unlocatedRequestSchema,
} from '@cityops/contract';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { areas } from '../areas/tables.js';
import { devices, products } from '../devices/tables.js';
import type { ProjectScope } from '../devices/repository.js';
import { projects } from '../projects/tables.js';

/** The only drizzle queries of device placement (locationManagement, iot_assetMorror_areaManage). */

type MapRequest = z.output<typeof placementMapRequestSchema>;
type UnlocatedRequest = z.output<typeof unlocatedRequestSchema>;
type AreaDevicesRequest = z.output<typeof areaDevicesRequestSchema>;

const OPEN_ALARM_STATES = ['waiting', 'confirmed', 'work_order'];

const inScope = (scope: ProjectScope) =>
  scope === null ? undefined : inArray(devices.projectId, [...scope, 0]);

const keywordOf = (keyword: string | undefined) =>
  keyword
    ? or(
        ilike(devices.name, containing(keyword)),
        ilike(devices.deviceKey, containing(keyword)),
        ilike(devices.controlCode, containing(keyword)),
      )
    : undefined;

const located = and(isNotNull(devices.longitude), isNotNull(devices.latitude));

const inBox = (box: BoundingBox | undefined) =>
  box
    ? and(between(devices.longitude, box.west, box.east), between(devices.latitude, box.south, box.north))
    : undefined;

/** The located devices of the request, at most `limit` of them, and how many there were. */
export async function mapDevices(
  db: Database,
  request: MapRequest,
  scope: ProjectScope,
): Promise<{ total: number; devices: MapDevice[] }> {
  const where = and(
    inScope(scope),
    located,
    request.projectId === undefined ? undefined : eq(devices.projectId, request.projectId),
    inBox(request.box),
    request.typeCode === undefined ? undefined : eq(products.typeCode, request.typeCode),
    request.online === undefined ? undefined : eq(devices.online, request.online),
    keywordOf(request.keyword),
  );
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      type: products.typeCode,
      online: devices.online,
      enabled: devices.enabled,
      lng: devices.longitude,
      lat: devices.latitude,
      total: totalOver,
    })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(where)
    .orderBy(devices.id)
    .limit(request.limit);
  const total = rows[0]?.total ?? 0;
  return {
    total,
    devices: rows.map(({ total: _total, type, lng, lat, ...row }) => ({
      ...row,
      type: type as DeviceType,
      // `located` keeps both coordinates.
      lng: lng ?? 0,
      lat: lat ?? 0,
    })),
  };
}

const placedColumns = {
  deviceId: devices.id,
  deviceKey: devices.deviceKey,
  name: devices.name,
  productName: products.name,
  productNameEn: products.nameEn,
  typeCode: products.typeCode,
  projectId: devices.projectId,
  projectName: projects.name,
  areaId: devices.areaId,
  areaName: areas.name,
  longitude: devices.longitude,
  latitude: devices.latitude,
  address: devices.address,
  online: devices.online,
  enabled: devices.enabled,
};

const selectPlaced = (db: Database) =>
  db
    .select({ ...placedColumns, total: totalOver })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .leftJoin(areas, eq(areas.id, devices.areaId));
type SelectedPlaced = Awaited<ReturnType<typeof selectPlaced>>[number];

const toPlaced = ({ total: _total, typeCode, ...row }: SelectedPlaced): PlacedDeviceRow => ({
  ...row,
  typeCode: typeCode as DeviceType,
});

const PLACED_SORT = { name: devices.name, deviceKey: devices.deviceKey, createdAt: devices.createdAt };

function placedPage(
  db: Database,
  request: Pick<UnlocatedRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
  where: SQL | undefined,
) {
  const column = PLACED_SORT[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectPlaced(db)
        .where(where)
        .orderBy(direction(column), direction(devices.id))
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
    toPlaced,
  );
}

/** The devices without a location (either coordinate missing), paged. */
export const unlocatedPage = (db: Database, request: UnlocatedRequest, scope: ProjectScope) =>
  placedPage(
    db,
    request,
    and(
      inScope(scope),
      or(isNull(devices.longitude), isNull(devices.latitude)),
      request.projectId === undefined ? undefined : eq(devices.projectId, request.projectId),
      request.typeCode === undefined ? undefined : eq(products.typeCode, request.typeCode),
      keywordOf(request.keyword),
    ),
  );

/** The project's devices in these areas (null: in none; undefined: any), paged. */
export const areaDevicesPage = (
  db: Database,
  request: AreaDevicesRequest,
  areaIds: readonly number[] | null | undefined,
) =>
  placedPage(
    db,
    request,
    and(
      eq(devices.projectId, request.projectId),
      areaIds === undefined
        ? undefined
        : areaIds === null
          ? isNull(devices.areaId)
          : inArray(devices.areaId, [...areaIds, 0]),
      request.online === undefined ? undefined : eq(devices.online, request.online),
      keywordOf(request.keyword),
    ),
  );

/** The devices named, with what placement changes of them. */
export async function placedDevices(db: Database, deviceIds: readonly number[]): Promise<PlacedDeviceRow[]> {
  const rows = await selectPlaced(db)
    .where(inArray(devices.id, [...deviceIds, 0]))
    .orderBy(devices.id);
  return rows.map(toPlaced);
}

/** Holds the devices' rows for the rest of the transaction, in id order (no window function may share it). */
export async function lockDevices(db: Database, deviceIds: readonly number[]) {
  await db
    .select({ id: devices.id })
    .from(devices)
    .where(inArray(devices.id, [...deviceIds, 0]))
    .orderBy(devices.id)
    .for('update');
}

export async function setPlace(
  db: Database,
  deviceIds: readonly number[],
  values: Partial<
    Pick<
      typeof devices.$inferInsert,
      'longitude' | 'latitude' | 'address' | 'areaId' | 'editor' | 'updatedAt'
    >
  >,
) {
  await db
    .update(devices)
    .set(values)
    .where(inArray(devices.id, [...deviceIds, 0]));
}

/** The project's device counts by the area they are directly in (null: in none). */
export async function countsByArea(
  db: Database,
  projectId: number,
): Promise<({ areaId: number | null } & AreaCounts)[]> {
  const counted = (condition: SQL) =>
    sql<number>`cast(count(*) filter (where ${condition}) as integer)`.mapWith(Number);
  return db
    .select({
      areaId: devices.areaId,
      total: count(),
      online: counted(sql`${devices.online}`),
      offline: counted(sql`${devices.enabled} and not ${devices.online}`),
      disabled: counted(sql`not ${devices.enabled}`),
      // Written out: inside a correlated subquery drizzle would leave `device_id` unqualified.
      alarming: counted(
        sql`exists (select 1 from iot_alarms a where a.device_id = "iot_devices"."device_id" and a.state in (${sql.join(
          OPEN_ALARM_STATES.map((state) => sql`${state}`),
          sql`, `,
        )}))`,
      ),
    })
    .from(devices)
    .where(eq(devices.projectId, projectId))
    .groupBy(devices.areaId);
}
