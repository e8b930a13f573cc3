import {
  chinaDateTime,
  MESSAGE_EVENTS,
  MESSAGE_TYPES,
  renderTemplate,
  type MessageEventKind,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { storeEvent } from '../../modules/messages/produce.js';
import type { Database } from '../connection.js';
import { messages, users } from '../schema.js';

interface DemoEvent {
  kind: MessageEventKind;
  /** Index into the demo projects. */
  project: number;
  hoursAgo: number;
  /** Already read by everyone who got it. */
  read: boolean;
  values: Record<string, string>;
}

/** Demo messages of several types, hours before the seed ran; some already read. */
const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    kind: 'alarm.raised',
    project: 0,
    hoursAgo: 1,
    read: false,
    values: {
      deviceName: '科技园南路12号灯杆',
      alarmName: '单灯控制器离线',
      level: '重要',
      place: '科技园南路',
    },
  },
  {
    kind: 'workOrder.assigned',
    project: 0,
    hoursAgo: 3,
    read: false,
    values: { orderNo: 'GD20260315-0042', title: '深南大道路灯不亮维修', assignee: '刘海' },
  },
  {
    kind: 'earlyWarning.raised',
    project: 1,
    hoursAgo: 6,
    read: false,
    values: { deviceName: '北山街3号回路', warning: '回路电流持续偏高，可能存在漏电风险', value: '32.6 A' },
  },
  {
    kind: 'alarm.raised',
    project: 0,
    hoursAgo: 9,
    read: true,
    values: { deviceName: '后海大道站配电箱', alarmName: '箱门异常打开', level: '一般', place: '后海大道' },
  },
  {
    kind: 'inspection.due',
    project: 0,
    hoursAgo: 20,
    read: true,
    values: { taskName: '科技园片区夜间巡检' },
  },
  {
    kind: 'ai.alarm',
    project: 0,
    hoursAgo: 26,
    read: false,
    values: { cameraName: '深南大道科技园站球机', algorithm: '占道施工识别' },
  },
  {
    kind: 'citizen.complaint',
    project: 0,
    hoursAgo: 49,
    read: true,
    values: { reporter: '张先生', summary: '后海大道人行道路灯闪烁' },
  },
  {
    kind: 'contract.expiring',
    project: 1,
    hoursAgo: 72,
    read: true,
    values: { contractName: '杭州西湖景区亮化工程维保合同', days: '30' },
  },
];

/**
 * Demo messages through the recipient rule (recipients.ts), as if each event had happened: the admin
 * (every page, both projects) gets them all, the operator the alarms of the first project. Only while
 * `userName` has no message at all: insert-only like the rest of the seed, so a restart never adds
 * them again. The shipped texts render them (a fresh database has no edited template).
 */
export async function seedDemoMessages(
  db: Database,
  userName: string,
  projectIds: readonly number[],
  now = new Date(),
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!user) return;
  const [existing] = await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, user.id));
  if (existing) return;
  for (const demo of DEMO_EVENTS) {
    const projectId = projectIds[demo.project];
    if (projectId === undefined) continue;
    const event = MESSAGE_EVENTS[demo.kind];
    const time = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const values = { time: chinaDateTime(time), ...demo.values };
    const stored = await storeEvent(
      db,
      {
        kind: demo.kind,
        messageType: event.type,
        projectId,
        title: renderTemplate(event.title, values),
        content: renderTemplate(event.content, values),
        link: null,
        time,
      },
      { audience: { code: MESSAGE_TYPES[event.type].page }, projectId },
    );
    if (stored && demo.read) {
      await db
        .update(messages)
        .set({ readStatus: true, readTime: time })
        .where(eq(messages.eventId, stored.eventId));
    }
  }
}
