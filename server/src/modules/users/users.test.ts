import {
  defineEndpoint,
  permission,
  ROUTE_TABLE,
  userPermissionsDataSchema,
  type UserPermissions,
} from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operationLog } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // An endpoint guarded by a permission code, as the admin pages' endpoints will be.
  const guarded = defineEndpoint({
    method: 'GET',
    path: '/test/userManageOnly',
    access: permission('USERMANAGE'),
    query: z.object({}),
    body: z.undefined(),
    data: z.object({ seen: z.boolean() }),
  });
  route(t.app, guarded, async () => ({ seen: true }));
});
afterAll(() => t.close());

async function permissionsOf(userName: string, password: string) {
  const token = await t.token(userName, password);
  const answer = await t.call('POST', '/api/user/queryUserPermissions', { token });
  expect(answer.json.status_code).toBe(1);
  return userPermissionsDataSchema.parse(answer.json.data) satisfies UserPermissions;
}

describe('queryUserPermissions', () => {
  it("gives the admin every page of the route table, both projects and the header's msg_page", async () => {
    const admin = await permissionsOf('admin', 'Admin@123');
    const menuCodes = new Set(admin.menus.map((item) => item.code));
    for (const page of ROUTE_TABLE.filter((route) => route.access === 'permission')) {
      expect(menuCodes, page.path).toContain(page.code);
    }
    expect(admin.elements).toEqual(
      expect.arrayContaining(['msg_page', 'userManage_add', 'alarmList_handle']),
    );
    expect(admin.menus.every((item) => ![4, 5].includes(item.type))).toBe(true);
    expect(admin.projects).toHaveLength(2);
    expect(admin.defaultProjectId).toBe(admin.projects[0]?.projectId);
    expect(admin.projects[0]?.polygon.length).toBeGreaterThan(2);
    expect(admin).toMatchObject({ userName: 'admin', name: '系统管理员', userType: 0, customConfig: {} });
  });

  it('gives the operator the video monitor, device, alarm, work-order, alarm-call and message-centre pages with their parents, and nothing else', async () => {
    const operator = await permissionsOf('operator', 'Operator@123');
    expect(operator.menus.map((item) => item.code).sort()).toEqual(
      [
        'iotcloud',
        'iotcloud_iot_videoMonitor',
        'iot_videoMonitor_playReal',
        'iot_videoMonitor_playBack',
        'playRealWeb',
        'playBackWeb',
        'iotcloud_iot_assetMorror',
        'devList',
        'equipmentOverview',
        'iotcloud_iot_envMonitor',
        'realtimeReport',
        'historyRecord',
        'iotcloud_iot_wellLid',
        'abnormalMonitor',
        'iot_wellLid_alarmRecord',
        'iotcloud_smartSwitch',
        'smartSwitchControl',
        'omapp',
        'omapp_assets_alarmManagement',
        'alarmList',
        'historyList',
        'omapp_assets_om',
        'omWorkOrder',
        'iotcloud_iot_alarmbox',
        'monitor',
        'monitorOld',
        'monitorReceiver',
        'history',
        'admin',
        'message',
      ].sort(),
    );
    expect([...operator.elements].sort()).toEqual([
      'alarmList_handle',
      'message_markRead',
      'msg_page',
      'smartSwitchControl_control',
    ]);
    expect(operator.userProjectIds).toHaveLength(1);
  });

  it('lists menus parents first, with parent ids that point at them', async () => {
    const operator = await permissionsOf('operator', 'Operator@123');
    const ids = new Map(operator.menus.map((item) => [item.id, item]));
    const alarmList = operator.menus.find((item) => item.code === 'alarmList');
    const group = ids.get(alarmList?.parentId ?? -1);
    expect(group).toMatchObject({
      code: 'omapp_assets_alarmManagement',
      type: 1,
      url: '/omapp/assets/alarmManagement',
    });
    expect(ids.get(group?.parentId ?? -1)).toMatchObject({ code: 'omapp', type: 0, parentId: 0 });
    expect(alarmList).toMatchObject({
      type: 2,
      url: '/omapp/assets/alarmManagement/alarmList',
      name: '告警列表',
    });
  });
});

describe('endpoints guarded by a permission code', () => {
  it('answers 10500 to a session without the code and serves one with it (codes match ignoring case)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    expect((await t.call('GET', '/api/test/userManageOnly', { token: operator })).json).toEqual({
      status_code: 10500,
      message: '没有访问该功能的权限',
      data: null,
    });
    const admin = await t.token('admin', 'Admin@123');
    expect((await t.call('GET', '/api/test/userManageOnly', { token: admin })).json.data).toEqual({
      seen: true,
    });
    expect((await t.call('GET', '/api/test/userManageOnly')).json.status_code).toBe(10401);
  });
});

describe('updatePwd', () => {
  const change = (token: string, body: unknown) => t.call('POST', '/api/user/updatePwd', { token, body });

  it('changes the password, ends every session of the user including this one, and logs it', async () => {
    await t.createUser('changer', 'Before@123', ['msg_page']);
    const other = await t.token('changer', 'Before@123');
    const current = await t.token('changer', 'Before@123');
    const bystander = await t.token('operator', 'Operator@123');
    const answer = await change(current, {
      oldPassword: 'Before@123',
      password: 'After@456',
      confirmPass: 'After@456',
    });
    expect(answer.json).toEqual({ status_code: 1, message: '修改密码操作成功，请重新登录。', data: null });
    for (const token of [current, other]) {
      expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(10401);
    }
    expect((await t.call('POST', '/api/user/token/postpone', { token: bystander })).json.status_code).toBe(1);
    expect((await t.login('changer', 'Before@123')).status_code).toBe(10001);
    expect((await t.login('changer', 'After@456')).status_code).toBe(1);
    const rows = await t.handle.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.account, 'changer'), eq(operationLog.action, 'password_change')));
    expect(rows).toMatchObject([{ outcome: 'success', ip: '127.0.0.1' }]);
  });

  it('refuses a wrong current password and keeps the session', async () => {
    await t.createUser('changer2', 'Before@123', ['msg_page']);
    const token = await t.token('changer2', 'Before@123');
    const answer = await change(token, {
      oldPassword: 'Wrong@123',
      password: 'After@456',
      confirmPass: 'After@456',
    });
    expect(answer.json).toEqual({ status_code: 10001, message: '原密码错误', data: null });
    expect((await t.call('POST', '/api/user/token/postpone', { token })).json.status_code).toBe(1);
  });

  it.each([
    [
      { oldPassword: 'Operator@123', password: 'Operator@123', confirmPass: 'Operator@123' },
      '新密码不能与原密码相同。',
    ],
    [
      { oldPassword: 'Before@123', password: 'After@456', confirmPass: 'After@457' },
      '确认新密码和新密码不一致。',
    ],
    [
      { oldPassword: 'Before@123', password: 'abcdefgh', confirmPass: 'abcdefgh' },
      '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位',
    ],
    [
      { oldPassword: 'Before@123', password: 'Ab 12345', confirmPass: 'Ab 12345' },
      '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位',
    ],
    [{ oldPassword: '', password: 'After@456', confirmPass: 'After@456' }, '请输入原密码'],
    [{ oldPassword: 'Before@123', password: '', confirmPass: '' }, '请输入新密码'],
    [{ oldPassword: 'Before@123', password: 'After@456', confirmPass: '' }, '请输入确认新密码'],
    [{ oldPassword: 'Before@123', password: 'After@456' }, '缺少参数confirmPass'],
    [
      { oldPassword: 'Before@123', password: '<script>x</script>', confirmPass: '<script>x</script>' },
      '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位',
    ],
  ])('refuses %j', async (body, message) => {
    const token = await t.token('operator', 'Operator@123');
    expect((await change(token, body)).json).toEqual({ status_code: 10001, message, data: null });
  });

  it('counts wrong current passwords: after 5 in 10 minutes it refuses even the right one, for 10 minutes', async () => {
    await t.createUser('guesser', 'Before@123', ['msg_page']);
    const token = await t.token('guesser', 'Before@123');
    const wrong = { oldPassword: 'Wrong@123', password: 'After@456', confirmPass: 'After@456' };
    const right = { ...wrong, oldPassword: 'Before@123' };
    for (let i = 0; i < 4; i++) expect((await change(token, wrong)).json.message).toBe('原密码错误');
    t.clock.advanceMinutes(3);
    expect((await change(token, wrong)).json).toEqual({
      status_code: 10001,
      message: '原密码错误次数过多，请10分钟后再试',
      data: null,
    });
    expect((await change(token, right)).json.message).toBe('原密码错误次数过多，请10分钟后再试');
    const english = await t.call('POST', '/api/user/updatePwd', {
      token,
      body: right,
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json.message).toBe('Too many wrong current passwords; try again in 10 minutes');
    t.clock.advanceMinutes(9);
    expect((await change(token, right)).json.message).toBe('原密码错误次数过多，请1分钟后再试');
    t.clock.advanceMinutes(1);
    expect((await change(token, right)).json.status_code).toBe(1);
  });

  it('forgets wrong current passwords older than 10 minutes', async () => {
    await t.createUser('slow_guesser', 'Before@123', ['msg_page']);
    const token = await t.token('slow_guesser', 'Before@123');
    const wrong = { oldPassword: 'Wrong@123', password: 'After@456', confirmPass: 'After@456' };
    for (let i = 0; i < 4; i++) expect((await change(token, wrong)).json.message).toBe('原密码错误');
    t.clock.advanceMinutes(10);
    expect((await change(token, wrong)).json.message).toBe('原密码错误');
    expect((await change(token, { ...wrong, oldPassword: 'Before@123' })).json.status_code).toBe(1);
  });

  it('needs a session', async () => {
    const answer = await t.call('POST', '/api/user/updatePwd', {
      body: { oldPassword: 'x', password: 'y', confirmPass: 'z' },
    });
    expect(answer.json.status_code).toBe(10401);
  });
});
