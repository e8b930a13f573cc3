import { DEMO_ALARM_BOXES, DEMO_ALARMBOX_PRODUCT } from '@cityops/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { cameras } from '../../db/schema.js';
import type { SecretBox } from '../../db/secretBox.js';
import { demoFleetSecret, secretColumns } from '../devices/credentials.js';
import * as devicesRepo from '../devices/repository.js';
import { products } from '../devices/tables.js';
import { setBoxCamera } from './repository.js';

/**
 * The demo alarm columns (CITYOPS_MODE=demo; contract alarmbox/demo.ts): the product and its boxes in
 * the first demo project with the demo secrets, each where the contract places it (inside the
 * project, so the monitor's map opened on it draws them) and bound to its camera. Boxes already there
 * are kept as they are (an administrator's edits survive a restart). Answers how many it added.
 */
export async function seedDemoAlarmBoxes(db: Database, box: SecretBox, projectId: number): Promise<number> {
  await db
    .insert(products)
    .values({ ...DEMO_ALARMBOX_PRODUCT, editor: 'system' })
    .onConflictDoNothing();
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.productKey, DEMO_ALARMBOX_PRODUCT.productKey));
  if (!product) return 0;
  const taken = await devicesRepo.takenKeys(
    db,
    DEMO_ALARM_BOXES.map((demo) => demo.deviceKey),
  );
  const missing = DEMO_ALARM_BOXES.filter((demo) => !taken.has(demo.deviceKey));
  if (missing.length === 0) return 0;
  const found = await db
    .select({ id: cameras.id, controlCode: cameras.controlCode })
    .from(cameras)
    .where(
      inArray(
        cameras.controlCode,
        missing.map((demo) => demo.cameraCode),
      ),
    );
  const cameraOf = new Map(found.map((camera) => [camera.controlCode, camera]));
  const ids = await devicesRepo.insertDevices(
    db,
    missing.map((demo) => ({
      deviceKey: demo.deviceKey,
      controlCode: demo.controlCode,
      name: demo.name,
      productId: product.id,
      projectId,
      longitude: demo.lng,
      latitude: demo.lat,
      ...secretColumns(box, demoFleetSecret(demo.deviceKey)),
      editor: 'system',
    })),
  );
  for (const [i, id] of ids.entries()) {
    const camera = cameraOf.get(missing[i]?.cameraCode ?? '');
    if (camera) await setBoxCamera(db, id, camera.id);
  }
  return ids.length;
}
