import { DEMO_ALARM_BOXES, DEMO_ALARMBOX_PRODUCT, type CallEndReason } from '@cityops/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { cameras, users } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../../db/seed/demo.js';
import type { SecretBox } from '../../db/secretBox.js';
import { demoFleetSecret, secretColumns } from '../devices/credentials.js';
import * as devicesRepo from '../devices/repository.js';
import { products } from '../devices/tables.js';
import { setBoxCamera, shownUserName } from './repository.js';
import { alarmCalls } from './tables.js';

/**
 * The demo alarm columns (CITYOPS_MODE=demo; contract alarmbox/demo.ts): the product and its boxes in
 * the first demo project with the demo secrets, each where the contract places it (inside the
 * project, so the monitor's map opened on it draws them, at a street address the call dialog and the
 * records show) and bound to its camera. Boxes already there
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
      address: demo.address,
      ...secretColumns(box, demoFleetSecret(demo.deviceKey)),
      editor: 'system',
    })),
  );
  for (const [i, id] of ids.entries()) {
    const camera = cameraOf.get(missing[i]?.cameraCode ?? '');
    if (camera) await setBoxCamera(db, id, camera.id);
  }
  // The first time the boxes come, so does their history: 报警历史 opens on calls, not on nothing.
  if (missing.length === DEMO_ALARM_BOXES.length)
    await seedDemoAlarmCalls(
      db,
      missing.map((demo, i) => ({ ...demo, id: ids[i] ?? 0, projectId })),
      new Date(),
    );
  return ids.length;
}

/**
 * Past calls of the demo boxes, each as the rules would have written it: answered by the demo
 * operator or the administrator (named as the records name them), missed, hung up at either end, one
 * whose operator's browser went away. Times are before `now`, seconds apart as a call goes.
 */
const DEMO_CALLS: ReadonlyArray<{
  box: number;
  /** Hours before now of the press. */
  hoursAgo: number;
  /** Who answered (null: nobody), after how many seconds of ringing, and how long they talked. */
  answeredBy: keyof typeof DEMO_ACCOUNTS | null;
  ringSeconds: number;
  talkSeconds: number;
  endReason: CallEndReason;
  outgoing?: boolean;
}> = [
  { box: 0, hoursAgo: 50, answeredBy: 'operator', ringSeconds: 8, talkSeconds: 95, endReason: 'box' },
  { box: 1, hoursAgo: 31, answeredBy: null, ringSeconds: 180, talkSeconds: 0, endReason: 'missed' },
  { box: 2, hoursAgo: 22, answeredBy: 'admin', ringSeconds: 12, talkSeconds: 140, endReason: 'operator' },
  {
    box: 3,
    hoursAgo: 6,
    answeredBy: 'operator',
    ringSeconds: 5,
    talkSeconds: 42,
    endReason: 'connectionLost',
  },
  { box: 4, hoursAgo: 3, answeredBy: null, ringSeconds: 25, talkSeconds: 0, endReason: 'box' },
  {
    box: 5,
    hoursAgo: 2,
    answeredBy: 'admin',
    ringSeconds: 0,
    talkSeconds: 30,
    endReason: 'operator',
    outgoing: true,
  },
];

async function seedDemoAlarmCalls(
  db: Database,
  boxes: ReadonlyArray<{ id: number; name: string; controlCode: string; projectId: number }>,
  now: Date,
) {
  const answerers = new Map<string, { userId: number; name: string }>();
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, account.userName));
    const name = user ? await shownUserName(db, user.id) : null;
    if (user && name) answerers.set(account.userName, { userId: user.id, name });
  }
  const rows = DEMO_CALLS.flatMap((call) => {
    const box = boxes[call.box];
    const answerer = call.answeredBy === null ? null : answerers.get(DEMO_ACCOUNTS[call.answeredBy].userName);
    if (!box || (call.answeredBy !== null && !answerer)) return [];
    const pressed = now.getTime() - call.hoursAgo * 3_600_000;
    const answered = answerer ? pressed + call.ringSeconds * 1000 : null;
    const ended = (answered ?? pressed + call.ringSeconds * 1000) + call.talkSeconds * 1000;
    return [
      {
        deviceId: box.id,
        deviceName: box.name,
        controlCode: box.controlCode,
        projectId: box.projectId,
        boxCallId: call.outgoing ? null : `demo-${call.box}-${call.hoursAgo}`,
        state: 'ended' as const,
        outgoing: call.outgoing ?? false,
        happenAt: new Date(pressed),
        createdAt: new Date(pressed),
        answeredAt: answered === null ? null : new Date(answered),
        answeredBy: answerer?.userId ?? null,
        answeredByName: answerer?.name ?? null,
        operatorSeenAt: answered === null ? null : new Date(ended),
        endedAt: new Date(ended),
        endReason: call.endReason,
      },
    ];
  });
  if (rows.length > 0) await db.insert(alarmCalls).values(rows);
}
