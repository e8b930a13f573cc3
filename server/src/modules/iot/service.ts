import {
  checkHistoryRange,
  chinaDateTime,
  HISTORY_POINTS_MAX,
  type commandListRequestSchema,
  type History,
  type historyRequestSchema,
  type liveListRequestSchema,
  type TextKey,
  type wellLidListRequestSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { refuse } from '../../http/envelope.js';
import type { ExportColumn, ExportRow, ExportSheet } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { projectScope, type DevicesCtx } from '../devices/service.js';
import { checkVisible } from '../projects/service.js';
import type { IotRuntime } from './runtime.js';
import * as repo from './repository.js';

/** The device runtime's read pages: live values, history, faults, commands, alarms. */

type ReadCtx = DevicesCtx;
type HistoryInput = z.output<typeof historyRequestSchema>;

/** The newest faults one answer carries. */
const FAULTS_MAX = 200;

export async function livePage(
  ctx: ReadCtx,
  userId: number,
  request: z.output<typeof liveListRequestSchema>,
  types: readonly string[] | null = null,
) {
  return repo.livePage(ctx.db, request, await projectScope(ctx, ctx.db, userId), types);
}

/** The well-lid monitor's devices (of these types), filtered by lid state. */
export async function wellLidPage(
  ctx: ReadCtx,
  userId: number,
  request: z.output<typeof wellLidListRequestSchema>,
  types: readonly string[],
) {
  return repo.wellLidPage(ctx.db, request, await projectScope(ctx, ctx.db, userId), types);
}

/** A device the user may see, or the refusal. */
async function visibleDevice(ctx: ReadCtx, userId: number, deviceId: number) {
  const [device] = await repo.devicesByIds(ctx.db, [deviceId]);
  if (!device) return refuse('device.notFound');
  await checkVisible(ctx, ctx.db, userId, device.projectId);
  return device;
}

/** The identifiers asked for, or every numeric property of the device's product. */
async function historyIdentifiers(runtime: IotRuntime, productId: number, asked: readonly string[]) {
  if (asked.length > 0) return [...asked];
  const model = await runtime.models.get(productId);
  return [...(model?.properties ?? [])]
    .filter(([, property]) => property.spec.type === 'int' || property.spec.type === 'float')
    .map(([identifier]) => identifier);
}

/**
 * A device's history (§5: a span of at most 7 days within the last 7), thinned evenly to `max` points
 * when the range holds more, saying so.
 */
export async function history(
  ctx: ReadCtx,
  runtime: IotRuntime,
  userId: number,
  input: HistoryInput,
  max = HISTORY_POINTS_MAX,
): Promise<History> {
  const refused = checkHistoryRange(input.start.getTime(), input.end.getTime(), ctx.now().getTime());
  if (refused) return refuse(refused as TextKey);
  const device = await visibleDevice(ctx, userId, input.deviceId);
  const identifiers = await historyIdentifiers(runtime, device.productId, input.identifiers);
  if (identifiers.length === 0) return { deviceId: device.id, points: [], truncated: false };
  const { total, points } = await repo.historyPoints(
    ctx.db,
    device.id,
    identifiers,
    input.start,
    input.end,
    max,
  );
  return { deviceId: device.id, points, truncated: total > points.length };
}

/** The history as a workbook: a time column and one per identifier. */
export async function historySheet(
  ctx: ReadCtx,
  runtime: IotRuntime,
  userId: number,
  input: HistoryInput,
): Promise<ExportSheet> {
  const answer = await history(ctx, runtime, userId, input);
  const [device] = await repo.devicesByIds(ctx.db, [input.deviceId]);
  const model = device ? await runtime.models.get(device.productId) : null;
  // The model's order (the product's functions as defined), then anything else the points hold.
  const present = new Set(answer.points.flatMap((point) => Object.keys(point.v)));
  const identifiers = [...new Set([...(model?.properties.keys() ?? []), ...present])].filter((id) =>
    present.has(id),
  );
  const columns: ExportColumn[] = [
    { header: '时间', key: 't', width: 20 },
    ...identifiers.map((identifier) => ({
      header: model?.properties.get(identifier)?.name ?? identifier,
      key: `v_${identifier}`,
    })),
  ];
  async function* rows(): AsyncGenerator<ExportRow> {
    for (const point of answer.points) {
      const row: ExportRow = { t: chinaDateTime(point.t) };
      for (const identifier of identifiers) {
        const value = point.v[identifier];
        row[`v_${identifier}`] =
          value === undefined ? null : typeof value === 'boolean' ? String(value) : value;
      }
      yield row;
    }
  }
  const name = `历史数据-${device?.name ?? input.deviceId}`;
  return {
    fileName: datedFileName(name, ctx.now()),
    sheetName: '历史数据',
    columns,
    rows: rows(),
    total: answer.points.length,
  };
}

export async function faults(ctx: ReadCtx, userId: number, deviceId: number | undefined) {
  if (deviceId !== undefined) await visibleDevice(ctx, userId, deviceId);
  return repo.faultRows(ctx.db, deviceId, await projectScope(ctx, ctx.db, userId), FAULTS_MAX);
}

export async function commandPage(
  ctx: ReadCtx,
  userId: number,
  request: z.output<typeof commandListRequestSchema>,
) {
  return repo.commandPage(ctx.db, request, await projectScope(ctx, ctx.db, userId));
}

/** Of these devices, those the user may see (the live socket's follow). */
export async function visibleDevices(ctx: ReadCtx, userId: number, deviceIds: readonly number[]) {
  return repo.visibleDeviceIds(ctx.db, deviceIds, await projectScope(ctx, ctx.db, userId));
}
