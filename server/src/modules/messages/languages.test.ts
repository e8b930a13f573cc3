import {
  ALARM_LEVEL_NAMES,
  messageEndpoints,
  messageTemplateEndpoints,
  messageText,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { produceMessage, storeEvent } from './produce.js';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
  adminId = row?.id ?? 0;
});
afterAll(() => t.close());
// Each message a minute after the one before, so the newest is the one just made.
beforeEach(() => t.clock.advanceMinutes(1));

/** The admin's newest message, as the message centre answers it. */
async function newest() {
  const page = await t.api(messageEndpoints.pageList, { token: admin, body: { pageSize: 1 } });
  const [message] = page.data?.messageList ?? [];
  if (!message) throw new Error('no message');
  return message;
}

const raise = () =>
  produceMessage(t.handle.db, t.app.cityops, {
    kind: 'alarm.raised',
    values: {
      deviceName: '3号路灯',
      alarmName: ['灯具故障', 'Lamp fault'],
      level: ALARM_LEVEL_NAMES.error,
      place: '人民路',
      time: '2026-11-24 08:30:00',
    },
    audience: { userIds: [adminId] },
  });

describe('messages in the reader’s language', () => {
  it('renders one stored message in Chinese and in English, names in each language, data as it is', async () => {
    await raise();
    const message = await newest();
    expect(messageText(message, 'zh-CN')).toEqual({
      title: '设备告警：3号路灯',
      messageContent: '2026-11-24 08:30:00 人民路的3号路灯发生重要告警：灯具故障，请及时处理。',
    });
    expect(messageText(message, 'en-US')).toEqual({
      title: 'Device alarm: 3号路灯',
      messageContent:
        '2026-11-24 08:30:00 3号路灯 at 人民路 raised an alarm (Important): Lamp fault. Please handle it.',
    });
  });

  it('keeps a message stored with one text readable as it was, in both languages', async () => {
    await storeEvent(
      t.handle.db,
      {
        kind: 'legacy',
        messageType: 2,
        projectId: null,
        title: '旧消息',
        content: '升级前存下的消息',
        link: null,
        time: t.clock.now(),
      },
      { audience: { userIds: [adminId] }, projectId: null },
    );
    const message = await newest();
    expect(message.inEnglish).toBeNull();
    expect(messageText(message, 'en-US')).toEqual({ title: '旧消息', messageContent: '升级前存下的消息' });
  });

  it('shows a template an administrator edited (written in one language) as written, in both', async () => {
    await t.api(messageTemplateEndpoints.update, {
      token: admin,
      body: { eventKind: 'alarm.raised', title: '告警：{deviceName}', content: '{level}：{alarmName}' },
    });
    await raise();
    const message = await newest();
    expect(message.inEnglish).toBeNull();
    expect(messageText(message, 'en-US')).toEqual({
      title: '告警：3号路灯',
      messageContent: '重要：灯具故障',
    });
    await t.api(messageTemplateEndpoints.reset, { token: admin, body: { eventKind: 'alarm.raised' } });
  });
});
