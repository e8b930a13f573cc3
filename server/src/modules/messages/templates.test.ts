import {
  BUTTON_CODES,
  MESSAGE_EVENT_KINDS,
  MESSAGE_EVENTS,
  messageTemplateEndpoints,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  messageEvents,
  messageTemplates,
  resources,
  roleResources,
  roles,
} from '../../db/schema.js';
import { seedCatalogue } from '../../db/seed/catalogue.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { produceMessage } from './produce.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const update = (token: string, body: Record<string, unknown>) =>
  t.call('POST', `/api${messageTemplateEndpoints.update.path}`, { token, body });
const refused = (message: string) => ({ status_code: 10001, message, data: null });
const lastAudit = async () =>
  (
    await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.module, 'messageTemplate'))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('messageTemplate', () => {
  it('lists every event’s template, shipped until edited, optionally of one type', async () => {
    const list = await t.api(messageTemplateEndpoints.list, { token: admin });
    expect(list.data?.map((row) => row.eventKind)).toEqual(MESSAGE_EVENT_KINDS);
    expect(list.data?.[0]).toEqual({
      eventKind: 'alarm.raised',
      messageType: 1,
      title: MESSAGE_EVENTS['alarm.raised'].title,
      content: MESSAGE_EVENTS['alarm.raised'].content,
      isDefault: true,
      updateTime: null,
      updatedBy: null,
    });
    const sevens = await t.api(messageTemplateEndpoints.list, { token: admin, body: { messageType: 7 } });
    expect(sevens.data?.map((row) => row.eventKind)).toEqual(['earlyWarning.raised', 'licence.expiring']);
  });

  it('saves an edit, logged with before and after, and renders messages with it at once', async () => {
    const answer = await t.api(messageTemplateEndpoints.update, {
      token: admin,
      body: {
        eventKind: 'alarm.raised',
        title: ' 告警：{deviceName}（{level}） ',
        content: '{place}：{alarmName}',
      },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '保存成功',
      data: {
        eventKind: 'alarm.raised',
        title: '告警：{deviceName}（{level}）',
        content: '{place}：{alarmName}',
        isDefault: false,
        updateTime: t.clock.now().toISOString(),
        updatedBy: 'admin',
      },
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'update', targetId: 'alarm.raised', account: 'admin' });
    expect(audit?.changes).toEqual([
      {
        field: 'title',
        before: MESSAGE_EVENTS['alarm.raised'].title,
        after: '告警：{deviceName}（{level}）',
      },
      { field: 'content', before: MESSAGE_EVENTS['alarm.raised'].content, after: '{place}：{alarmName}' },
    ]);
    const stored = await produceMessage(t.handle.db, t.app.cityops, {
      kind: 'alarm.raised',
      values: { deviceName: '3号路灯', level: '一般', place: '人民路', alarmName: '灯具故障', time: 'x' },
      audience: { userIds: [1] },
    });
    const [event] = await t.handle.db
      .select()
      .from(messageEvents)
      .where(eq(messageEvents.id, stored?.eventId ?? 0));
    expect(event).toMatchObject({ title: '告警：3号路灯（一般）', content: '人民路：灯具故障' });
  });

  it('refuses a variable the event does not supply, naming it, and empty or over-long fields', async () => {
    const body = {
      eventKind: 'licence.expiring',
      title: '{customer}到期',
      content: '{days}天后{what}{days}',
    };
    expect((await update(admin, body)).json).toEqual(refused('模板使用了不存在的变量：customer、what'));
    expect((await update(admin, { ...body, title: '  ', content: '{days}' })).json.message).toMatch(
      /^参数title不合法/,
    );
    expect((await update(admin, { ...body, title: 'x'.repeat(51), content: '{days}' })).json).toEqual(
      refused('参数title不合法：长度不能超过50个字符'),
    );
    expect((await update(admin, { ...body, title: '到期', content: 'x'.repeat(501) })).json.message).toMatch(
      /^参数content不合法/,
    );
    expect((await update(admin, { ...body, eventKind: 'nothing.happened' })).json.message).toMatch(
      /^参数eventKind不合法/,
    );
    expect((await update(admin, { ...body, title: '到期', content: '{days}', extra: 1 })).json).toEqual(
      refused('不支持的参数extra'),
    );
    expect(
      await t.handle.db.$count(messageTemplates, eq(messageTemplates.eventKind, 'licence.expiring')),
    ).toBe(0);
  });

  it('resets to the shipped text, logged', async () => {
    const answer = await t.api(messageTemplateEndpoints.reset, {
      token: admin,
      body: { eventKind: 'alarm.raised' },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '已恢复默认模板',
      data: { isDefault: true, title: MESSAGE_EVENTS['alarm.raised'].title, updateTime: null },
    });
    expect(await t.handle.db.$count(messageTemplates)).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'reset', targetId: 'alarm.raised' });
    // Resetting a shipped one changes nothing but is fine.
    expect(
      (await t.api(messageTemplateEndpoints.reset, { token: admin, body: { eventKind: 'ai.alarm' } }))
        .status_code,
    ).toBe(1);
  });

  it('needs the page to list and the edit button to change: 10500 without, 10401 without a session', async () => {
    await t.createUser('reader', 'Reader@123', ['messageTemplate']);
    const reader = await t.token('reader', 'Reader@123');
    const operator = await t.token('operator', 'Operator@123');
    expect((await t.api(messageTemplateEndpoints.list, { token: reader })).status_code).toBe(1);
    expect((await t.api(messageTemplateEndpoints.list, { token: operator })).status_code).toBe(10500);
    const body = { eventKind: 'ai.alarm', title: 'AI', content: '{algorithm}' } as const;
    expect((await t.api(messageTemplateEndpoints.update, { token: reader, body })).status_code).toBe(10500);
    expect(
      (await t.api(messageTemplateEndpoints.reset, { token: reader, body: { eventKind: 'ai.alarm' } }))
        .status_code,
    ).toBe(10500);
    expect((await t.api(messageTemplateEndpoints.update, { body })).status_code).toBe(10401);
    expect((await t.api(messageTemplateEndpoints.list, {})).status_code).toBe(10401);
  });
});

describe('the edit button in the seed', () => {
  it('is added to an existing database and held by the admin role', async () => {
    const code = BUTTON_CODES.messageTemplate.edit;
    await t.handle.db.delete(resources).where(eq(resources.code, code));
    await seedCatalogue(t.handle.db);
    const [button] = await t.handle.db.select().from(resources).where(eq(resources.code, code));
    expect(button).toMatchObject({ type: 4, name: '编辑模板' });
    const held = await t.handle.db
      .select({ role: roles.code })
      .from(roleResources)
      .innerJoin(roles, eq(roles.id, roleResources.roleId))
      .where(and(eq(roleResources.resourceId, button?.id ?? 0), eq(roles.code, 'admin')));
    expect(held).toHaveLength(1);
  });
});
