import {
  createRuleSchema,
  DEMO_ENGINE_RULES,
  DEMO_LOOP_CONTROLLERS,
  DEMO_PRODUCTS,
  DEMO_RULES,
  demoFleetPlan,
  type DemoEngineRule,
} from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import type { SecretBox } from '../../db/secretBox.js';
import { pointWithin } from '../areas/geometry.js';
import { projectAreas } from '../areas/repository.js';
import { seedDemoPoints } from '../points/seed.js';
import { demoFleetSecret, secretColumns } from './credentials.js';
import * as repo from './repository.js';
import { products } from './tables.js';

/** The demo threshold rules and the early-warning and offline ones, alike. */
const DEMO_ALL_RULES: readonly DemoEngineRule[] = [
  ...DEMO_RULES.map(([productKey, [name, nameEn], identifier, operator, threshold, level]) => ({
    productKey,
    name,
    nameEn,
    identifier,
    operator,
    threshold,
    level,
  })),
  ...DEMO_ENGINE_RULES,
];

/**
 * Demo devices (CITYOPS_MODE=demo only): the demo products with their functions and alarm rules,
 * and the first `count` devices of the demo fleet (contract demo.ts) in the given project, each with
 * its demo secret (what the fleet simulator signs in with), and with the fleet the demo loop
 * controllers. Idempotent: what exists is left alone, so an administrator's edits survive a restart;
 * a larger DEMO_DEVICES adds the missing devices. Answers how many devices it added.
 */
export async function seedDemoDevices(db: Database, box: SecretBox, projectId: number, count: number) {
  await db
    .insert(products)
    .values(DEMO_PRODUCTS.map(({ product }) => ({ ...product, editor: 'system' })))
    .onConflictDoNothing();
  const byKey = await repo.productsByKey(db);
  for (const demo of DEMO_PRODUCTS) {
    const product = byKey.get(demo.product.productKey.toLowerCase());
    if (!product) continue;
    await repo.insertFunctions(db, product.id, demo.functions);
    const named = await repo.ruleNames(db, product.id);
    for (const { productKey, ...rule } of DEMO_ALL_RULES) {
      if (productKey !== demo.product.productKey || named.has(rule.name)) continue;
      // Checked as the rule endpoints check an administrator's, with their defaults.
      const fields = createRuleSchema.parse({ productId: product.id, ...rule });
      await repo.insertRule(db, { ...fields, editor: 'system' });
    }
  }
  if (count === 0) return 0;
  const plan = [...demoFleetPlan(count), ...DEMO_LOOP_CONTROLLERS];
  const present = await repo.takenKeys(
    db,
    plan.map((device) => device.deviceKey),
  );
  const codes = await repo.takenControlCodes(
    db,
    plan.map((device) => device.controlCode),
  );
  const missing = plan.filter((device) => !present.has(device.deviceKey) && !codes.has(device.controlCode));
  // Each device in the area node its place lies in (the demo areas, seeded first); outside them, none.
  const nodes = (await projectAreas(db, projectId)).filter((area) => area.type === 'areanode');
  const areaAt = (lng: number, lat: number) =>
    nodes.find((node) => pointWithin({ lng, lat }, node.polygon))?.areaId ?? null;
  await repo.insertDevices(
    db,
    missing.flatMap((device) => {
      const product = byKey.get(device.productKey.toLowerCase());
      if (!product) return [];
      return [
        {
          deviceKey: device.deviceKey,
          controlCode: device.controlCode,
          name: device.name,
          productId: product.id,
          projectId,
          areaId: areaAt(device.longitude, device.latitude),
          longitude: device.longitude,
          latitude: device.latitude,
          ...secretColumns(box, demoFleetSecret(device.deviceKey)),
          editor: 'system',
        },
      ];
    }),
  );
  // A few dozen poles with the first devices on them (pointManagement is not empty).
  await seedDemoPoints(db, projectId, count);
  return missing.length;
}
