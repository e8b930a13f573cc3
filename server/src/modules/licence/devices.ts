import { StatusCode, type DeviceUsage } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import { cameras } from '../../db/schema.js';
import { ApiError } from '../../http/envelope.js';
import { countDevices } from '../devices/repository.js';
import type { LicenceKeeper } from './state.js';

/**
 * The licence's device limit. The devices the platform manages are counted here, one
 * place for every kind: the cameras of the video platforms and the registry's IoT devices
 * (modules/devices). Every path that adds devices asks `ensureDeviceRoom` inside its transaction first.
 */
async function devicesInUse(db: Database) {
  // One after the other: `db` may be a transaction, which runs one query at a time. The registry's
  // devices are counted by the one count 设备概览 and 位置管理 show, over every project.
  const iotDevices = (await countDevices(db, null)).total;
  const cameraCount = await db.$count(cameras);
  return { devicesInUse: iotDevices + cameraCount, iotDevices, cameras: cameraCount };
}

export async function deviceUsage(db: Database, licence: LicenceKeeper): Promise<DeviceUsage> {
  const [inUse, status] = await Promise.all([devicesInUse(db), licence.status()]);
  return {
    ...inUse,
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
