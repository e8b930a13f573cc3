import {
  ALARM_PAGE,
  alarmEndpoints,
  DEMO_LOOP_CONTROLLERS,
  deviceAlarmEndpoints,
  editionEndpoints,
  firmwareEndpoints,
  maintenanceEndpoints,
  messageEndpoints,
  OPEN_RECORD_PARAM,
  organizationEndpoints,
  recordLink,
  LOOP_ALARM_PAGE,
  TYPE_LAMP,
  TYPE_LOOP,
  upgradeJobEndpoints,
  WORK_ORDER_PAGE,
  workOrderEndpoints,
  type Message,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, userProjects } from '../schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from './demo.js';
import { seedDemoEvents } from './events.js';

/** The demo's messages name records that exist, and its pages have data. */

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  // Thirty fleet devices: three of them street lamps (one in ten).
  t = await createTestApp({ env: { DEMO_DEVICES: '30' } });
  admin = await t.token(DEMO_ACCOUNTS.admin.userName, DEMO_ACCOUNTS.admin.password);
  operator = await t.token(DEMO_ACCOUNTS.operator.userName, DEMO_ACCOUNTS.operator.password);
});
afterAll(() => t.close());

const messagesOf = async (token: string): Promise<Message[]> => {
  const answer = await t.api(messageEndpoints.pageList, { token, body: { pageSize: 100 } });
  expect(answer.status_code, answer.message).toBe(1);
  return answer.data?.messageList ?? [];
};

/** The record a message's link opens: its page's code and the id, or null for a link to a page alone. */
const recordOf = (link: string | null) => {
  const match = /^([^?]+)\?(\w+)=(\d+)$/.exec(link ?? '');
  if (!match || match[2] !== OPEN_RECORD_PARAM) return null;
  const id = Number(match[3]);
  for (const page of [ALARM_PAGE, WORK_ORDER_PAGE]) if (recordLink(page, id) === link) return { page, id };
  return null;
};

describe('the demo messages', () => {
  it('each come from a real event and open its record: the alarm, or the order it names', async () => {
    const all = [...(await messagesOf(admin)), ...(await messagesOf(operator))];
    const kinds = new Set<string>();
    for (const message of all) {
      const record = recordOf(message.link);
      expect(record, `${message.title}: ${message.link ?? ''}`).not.toBeNull();
      if (record?.page === ALARM_PAGE) {
        const detail = await t.api(alarmEndpoints.detail, { token: admin, params: { id: record.id } });
        expect(detail.status_code, detail.message).toBe(1);
        expect(message.title).toContain(detail.data?.alarm.deviceName);
        kinds.add('alarm');
      }
      if (record?.page === WORK_ORDER_PAGE) {
        const detail = await t.api(workOrderEndpoints.detail, { token: admin, params: { id: record.id } });
        expect(detail.status_code, detail.message).toBe(1);
        expect(message.title).toContain(detail.data?.order.orderNo);
        kinds.add('order');
      }
    }
    // Lamp alarms reach both; the order from one of them reaches the operator it was dispatched to.
    expect([...kinds].sort()).toEqual(['alarm', 'order']);
    expect(
      (await messagesOf(operator)).some((message) => recordOf(message.link)?.page === WORK_ORDER_PAGE),
    ).toBe(true);
  });

  it('are played once: a restart adds nothing', async () => {
    const before = (await messagesOf(admin)).length;
    expect(await seedDemoEvents(t.app.cityops)).toBe(false);
    expect(await messagesOf(admin)).toHaveLength(before);
  });
});

describe('the demo pages', () => {
  it('路灯告警记录 lists the lamps’ alarms, one of them in a work order', async () => {
    const page = await t.api(deviceAlarmEndpoints.page, { token: admin, body: { typeCode: TYPE_LAMP } });
    expect(page.status_code, page.message).toBe(1);
    expect(page.data?.total).toBeGreaterThan(0);
    expect(page.data?.list.some((alarm) => alarm.workOrderNo !== null)).toBe(true);
  });

  it('回路告警 lists the loop controllers’ offline alarms to its reader, each announced with its link', async () => {
    const [project] = await t.handle.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.name, DEMO_PROJECTS[0].name));
    const readerId = await t.createUser('demoloopreader', 'Reader@12345', [LOOP_ALARM_PAGE]);
    await t.handle.db.insert(userProjects).values({ userId: readerId, projectId: project?.id ?? 0 });
    const reader = await t.token('demoloopreader', 'Reader@12345');
    const page = await t.api(deviceAlarmEndpoints.page, {
      token: reader,
      body: { typeCode: TYPE_LOOP, pageSize: 100 },
    });
    expect(page.status_code, page.message).toBe(1);
    const rows = page.data?.list ?? [];
    expect(rows.map((alarm) => alarm.deviceName).sort()).toEqual(
      DEMO_LOOP_CONTROLLERS.map((loop) => loop.name).sort(),
    );
    expect(rows.every((alarm) => alarm.typeCode === TYPE_LOOP && alarm.title === '回路控制器离线')).toBe(
      true,
    );
    const links = (await messagesOf(admin)).map((message) => message.link);
    for (const alarm of rows) expect(links).toContain(recordLink(ALARM_PAGE, alarm.alarmId));
  });

  it('工单管理 has a dispatched order and one waiting to be dispatched', async () => {
    const page = await t.api(workOrderEndpoints.page, { token: admin, body: {} });
    expect(page.data?.list.map((order) => order.state).sort()).toEqual(['dispatched', 'to_dispatch']);
  });

  it('组织架构, 版本服务, 设备维护 and 固件升级 have data', async () => {
    const orgs = await t.api(organizationEndpoints.list, { token: admin, query: {} });
    expect(orgs.data?.length).toBeGreaterThan(0);
    expect(orgs.data?.some((org) => org.children.length > 0)).toBe(true);
    const editions = await t.api(editionEndpoints.page, { token: admin, body: {} });
    expect(editions.data?.total).toBeGreaterThan(0);
    const records = await t.api(maintenanceEndpoints.page, { token: admin, body: {} });
    expect(records.data?.total).toBeGreaterThan(0);
    const firmware = await t.api(firmwareEndpoints.page, { token: admin, body: {} });
    expect(firmware.data?.total).toBe(1);
    const jobs = await t.api(upgradeJobEndpoints.page, { token: admin, body: {} });
    const job = jobs.data?.list[0];
    if (!job) throw new Error('no upgrade job');
    const targets = await t.api(upgradeJobEndpoints.targets, { token: admin, body: { jobId: job.jobId } });
    // Every lamp of the project, waiting for the fleet simulator to bring it online.
    expect(targets.data?.total).toBe(3);
  });
});
