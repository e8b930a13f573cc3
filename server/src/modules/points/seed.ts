import { demoFleetPlan } from '@cityops/contract';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { devices } from '../devices/tables.js';
import { points } from './tables.js';

/** Demo poles: the first DEMO_POLES × DEVICES_PER_POLE devices of the demo fleet, three to a pole. */
export const DEMO_POLES = 32;
const DEVICES_PER_POLE = 3;

/**
 * Demo installation points (CITYOPS_MODE=demo, with the demo devices): up to DEMO_POLES poles in the
 * project, each at its first device's place, with the fleet's devices of its group mounted. Only a pole
 * made now gets devices, so an administrator's unmounting survives a restart; the same on every run.
 */
export async function seedDemoPoints(db: Database, projectId: number, deviceCount: number) {
  const plan = demoFleetPlan(Math.min(deviceCount, DEMO_POLES * DEVICES_PER_POLE));
  const groups = Array.from({ length: Math.ceil(plan.length / DEVICES_PER_POLE) }, (_, i) =>
    plan.slice(i * DEVICES_PER_POLE, (i + 1) * DEVICES_PER_POLE),
  );
  let made = 0;
  for (const [index, group] of groups.entries()) {
    const [first] = group;
    if (!first) continue;
    const serial = String(index + 1).padStart(3, '0');
    const [created] = await db
      .insert(points)
      .values({
        code: `DEMO-P${serial}`,
        name: `科技园灯杆${serial}`,
        kind: 'pole',
        projectId,
        segment: '科技园',
        longitude: first.longitude,
        latitude: first.latitude,
        height: 10 + (index % 3) * 2,
        editor: 'system',
      })
      .onConflictDoNothing()
      .returning({ id: points.id });
    if (!created) continue;
    made += 1;
    await db
      .update(devices)
      .set({ pointId: created.id })
      .where(
        and(
          inArray(
            devices.deviceKey,
            group.map((device) => device.deviceKey),
          ),
          isNull(devices.pointId),
        ),
      );
  }
  return made;
}
