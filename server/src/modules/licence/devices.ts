import { StatusCode, type DeviceUsage } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import { cameras } from '../../db/schema.js';
import { ApiError } from '../../http/envelope.js';
import type { LicenceKeeper } from './state.js';

/**
 * The licence's device limit (issue 12 §4). The devices the platform manages are counted here, one
 * place for every kind: today the cameras of the video platforms; the device registry adds its devices
 * to this count, and every path that adds devices asks `ensureDeviceRoom` inside its transaction first.
 */
export async function devicesInUse(db: Database): Promise<number> {
  return db.$count(cameras);
}

export async function deviceUsage(db: Database, licence: LicenceKeeper): Promise<DeviceUsage> {
  const [inUse, status] = await Promise.all([devicesInUse(db), licence.status()]);
  return {
    devicesInUse: inUse,
    deviceLimit: status.state === 'valid' ? (status.licence?.deviceLimit ?? null) : null,
  };
}

/** Refuses `adding` more devices beyond the licence's limit, naming the limit and the count (10001). */
export async function ensureDeviceRoom(db: Database, licence: LicenceKeeper, adding: number): Promise<void> {
  const { devicesInUse: inUse, deviceLimit: limit } = await deviceUsage(db, licence);
  if (limit === null || inUse + adding > limit)
    throw new ApiError(StatusCode.REJECTED, 'licence.deviceLimit', {
      limit: limit ?? 0,
      inUse,
      adding,
    });
}
