import { ALARM_PAGE, alarmEndpoints, alarmTitle, MSG_PAGE_CODE } from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents, userProjects } from '../../db/schema.js';
import { insertDevice, insertProduct, insertProject, SENSOR_FUNCTIONS } from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from '../iot/runtime.js';

let t: TestApp;
let admin: string;
/** A duty officer of every project made here: an alarm's message needs someone to go to. */
let officerId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
  admin = await t.token('admin', 'Admin@123');
  officerId = await t.createUser('title_officer', 'Officer@123', [ALARM_PAGE, MSG_PAGE_CODE]);
});
afterAll(() => t.close());

/** A device whose product has one offline rule with these names; it goes offline once. */
async function offlineAlarm(name: string, nameEn: string) {
  const db = t.handle.db;
  const projectId = await insertProject(db);
  await db.insert(userProjects).values({ userId: officerId, projectId });
  const productId = await insertProduct(db, {
    functions: SENSOR_FUNCTIONS,
    rules: [
      { name, nameEn, mode: 'offline', identifier: 'online', operator: '>', threshold: 0, level: 'common' },
    ],
  });
  const device = await insertDevice(db, { productId, projectId, name: '三号传感器' });
  const ingestion = runtimeOf(t.app.cityops).ingestion;
  ingestion.heard(device.id);
  await ingestion.flush();
  ingestion.left(device.id);
  await ingestion.flush();
  const page = await t.api(alarmEndpoints.page, { token: admin, body: { deviceId: device.id } });
  const [row] = page.data?.list ?? [];
  if (!row) throw new Error('the offline alarm did not open');
  const [message] = await db
    .select()
    .from(messageEvents)
    .where(and(eq(messageEvents.eventKind, 'alarm.raised'), eq(messageEvents.projectId, projectId)));
  return { row, message };
}

describe('alarm types in both languages', () => {
  it('shows the same alarm with its rule’s English name in English and its Chinese name in Chinese', async () => {
    const { row, message } = await offlineAlarm('设备离线', 'Device offline');
    expect(row).toMatchObject({ title: '设备离线', titleEn: 'Device offline' });
    expect(alarmTitle(row, 'en-US')).toBe('Device offline');
    expect(alarmTitle(row, 'zh-CN')).toBe('设备离线');
    // Its message names the alarm type and the level in each language's rendering.
    expect(message?.content).toContain('发生一般告警：设备离线');
    expect(message?.contentEn).toContain('raised an alarm (Ordinary): Device offline');
  });

  it('falls back to the one name of a rule without an English name, in both languages', async () => {
    const { row, message } = await offlineAlarm('井盖离线', '');
    expect(alarmTitle(row, 'en-US')).toBe('井盖离线');
    expect(alarmTitle(row, 'zh-CN')).toBe('井盖离线');
    expect(message?.contentEn).toContain('(Ordinary): 井盖离线');
  });
});
