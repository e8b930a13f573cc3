import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let operator: string;
let ids: { nanshan: number; xihu: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  operator = await t.token('operator', 'Operator@123');
  const rows = await t.handle.db.select({ id: projects.id, name: projects.name }).from(projects);
  const id = (prefix: string) => rows.find((row) => row.name.startsWith(prefix))?.id ?? 0;
  ids = { nanshan: id('深圳南山'), xihu: id('杭州西湖') };
});
afterAll(() => t.close());

const refused = (message: string) => ({ status_code: 10001, message, data: null });
const setDefault = (token: string, query: string) =>
  t.call('POST', `/api/user/set/addUpdateProject${query}`, { token, body: {} });

describe('the user’s projects', () => {
  it('lists only the projects the user was given, with their map data', async () => {
    const list = (await t.call('GET', '/api/sys/project/listByUser?t=1', { token: admin })).json;
    expect(list.status_code).toBe(1);
    expect(list.data).toMatchObject([
      { projectId: ids.nanshan, projectName: '深圳南山智慧路灯示范项目', longitude: 113.93041 },
      { projectId: ids.xihu, projectName: '杭州西湖景区亮化工程' },
    ]);
    expect((list.data as { polygon: unknown[] }[])[0]?.polygon).toHaveLength(5);
    const mine = (await t.call('GET', '/api/sys/project/listByUser', { token: operator })).json.data;
    expect(mine).toEqual([expect.objectContaining({ projectId: ids.nanshan })]);
    await t.createUser('loner', 'Loner@123', ['message']);
    const loner = await t.token('loner', 'Loner@123');
    expect((await t.call('GET', '/api/sys/project/listByUser', { token: loner })).json.data).toEqual([]);
    expect((await t.call('GET', '/api/user/set/find', { token: loner })).json.data).toBeNull();
  });

  it('answers the default project, and sets another one of the user’s own', async () => {
    const found = await t.call('GET', '/api/user/set/find', { token: admin });
    expect(found.json).toEqual({
      status_code: 1,
      message: '成功',
      data: { projectId: ids.nanshan, projectName: '深圳南山智慧路灯示范项目' },
    });
    const saved = await setDefault(admin, `?projectId=${ids.xihu}`);
    expect(saved.json).toEqual({
      status_code: 1,
      message: '设置默认加载项目操作成功',
      data: { projectId: ids.xihu, projectName: '杭州西湖景区亮化工程' },
    });
    expect((await t.call('GET', '/api/user/set/find', { token: admin })).json.data).toEqual({
      projectId: ids.xihu,
      projectName: '杭州西湖景区亮化工程',
    });
    const session = await t.call('POST', '/api/user/queryUserPermissions', { token: admin });
    expect(session.json.data).toMatchObject({ defaultProjectId: ids.xihu });
    // Without a body too (the spec sends one, but it carries nothing).
    const bare = await t.call('POST', `/api/user/set/addUpdateProject?projectId=${ids.nanshan}`, {
      token: admin,
    });
    expect(bare.json.data).toEqual({ projectId: ids.nanshan, projectName: '深圳南山智慧路灯示范项目' });
  });

  it('refuses a project the user was not given, or one that does not exist', async () => {
    const notYours = refused('只能将您所属的项目设为默认加载项目');
    expect((await setDefault(operator, `?projectId=${ids.xihu}`)).json).toEqual(notYours);
    expect((await setDefault(operator, '?projectId=999999')).json).toEqual(notYours);
    // Past the database's integer range it is no id at all: refused naming the field.
    const tooLarge = (await setDefault(operator, '?projectId=99999999999999')).json;
    expect(tooLarge.status_code).toBe(10001);
    expect(tooLarge.message).toMatch(/^参数projectId不合法/);
    const english = await t.call('POST', `/api/user/set/addUpdateProject?projectId=${ids.xihu}`, {
      token: operator,
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json.message).toBe('Only one of your own projects can be the default project');
    const session = await t.call('POST', '/api/user/queryUserPermissions', { token: operator });
    expect(session.json.data).toMatchObject({ defaultProjectId: ids.nanshan });
  });

  it('refuses a missing, negative, zero, fractional or non-numeric projectId', async () => {
    expect((await setDefault(operator, '')).json).toEqual(refused('缺少参数projectId'));
    expect((await setDefault(operator, '?projectId=-1')).json).toEqual(refused('请选择一个项目'));
    expect((await setDefault(operator, '?projectId=0')).json).toEqual(refused('请选择一个项目'));
    expect((await setDefault(operator, '?projectId=1.5')).json.status_code).toBe(10001);
    expect((await setDefault(operator, '?projectId=abc')).json).toMatchObject({
      status_code: 10001,
      message: expect.stringContaining('projectId'),
    });
    const injected = await setDefault(operator, `?projectId=${encodeURIComponent('1; drop table users')}`);
    expect(injected.json.status_code).toBe(10001);
    const html = await setDefault(operator, `?projectId=${encodeURIComponent('<b>1</b>')}`);
    expect(html.json.status_code).toBe(10001);
    expect(html.body).not.toContain('<b>');
    // The body carries nothing (the contract takes any object there): the query alone decides.
    const extra = await t.call('POST', `/api/user/set/addUpdateProject?projectId=${ids.nanshan}`, {
      token: operator,
      body: { projectId: ids.xihu },
    });
    expect(extra.json.data).toEqual({ projectId: ids.nanshan, projectName: '深圳南山智慧路灯示范项目' });
    const notObject = await t.call('POST', `/api/user/set/addUpdateProject?projectId=${ids.nanshan}`, {
      token: operator,
      body: ['x'],
    });
    expect(notObject.json.status_code).toBe(10001);
    expect(await t.handle.db.select().from(projects).where(eq(projects.id, ids.nanshan))).toHaveLength(1);
  });

  it('answers 10401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/sys/project/listByUser'],
      ['GET', '/api/user/set/find'],
      ['POST', `/api/user/set/addUpdateProject?projectId=${ids.nanshan}`],
    ] as const) {
      const answer = await t.call(method, url);
      expect(answer.json, url).toEqual({ status_code: 10401, message: '登录已失效，请重新登录', data: null });
      expect((await t.call(method, url, { token: 'not-a-token' })).json.status_code).toBe(10401);
    }
  });
});
