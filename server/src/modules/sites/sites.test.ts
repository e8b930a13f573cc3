import {
  SITE,
  SITE_BUTTONS,
  areaEndpoints,
  projectManageEndpoints,
  siteEndpoints as api,
  type CreateSite,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sites } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let projectId: number;
let nodeId: number;
let dirId: number;

const square = [
  { lng: 113, lat: 22 },
  { lng: 113.1, lat: 22 },
  { lng: 113.1, lat: 22.1 },
  { lng: 113, lat: 22.1 },
];

async function project(projectName: string, userIds: number[] = []) {
  const answer = await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  projectId = await project('站点-项目');
  const dir = await t.api(areaEndpoints.create, {
    token: admin,
    body: { projectId, name: '目录', type: 'areadir' },
  });
  const node = await t.api(areaEndpoints.create, {
    token: admin,
    body: { projectId, parentId: dir.data?.areaId ?? null, name: '节点', type: 'areanode', polygon: square },
  });
  dirId = dir.data?.areaId ?? 0;
  nodeId = node.data?.areaId ?? 0;
});
afterAll(() => t.close());

const siteCount = () => t.handle.db.$count(sites);
const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function create(name: string, extra: Partial<CreateSite> = {}, token = admin) {
  const body = { projectId, name, longitude: 113.05, latitude: 22.05, ...extra };
  const answer = await t.api(api.create, { token, body });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

describe('insert, list, update, delete', () => {
  it('creates a site in an area node with every field, finds it, lists it and logs it', async () => {
    const answer = await t.api(api.create, {
      token: admin,
      body: {
        projectId,
        areaId: nodeId,
        name: ' 一号站 ',
        longitude: '113.05',
        latitude: 22.05,
        address: '科技园南路12号',
        contact: '张三',
        contactPhone: '0755-26581234',
        remarks: '备注',
      },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '新增成功',
      data: {
        name: '一号站',
        projectId,
        projectName: '站点-项目',
        areaId: nodeId,
        areaName: '节点',
        longitude: 113.05,
        latitude: 22.05,
        contact: '张三',
        editor: 'admin',
      },
    });
    const site = answer.data;
    expect((await t.api(api.find, { token: admin, params: { id: site?.siteId ?? 0 } })).data).toEqual(site);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, SITE), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetId: String(site?.siteId), targetName: '一号站' });

    await create('二号站');
    const page = await t.api(api.page, { token: admin, body: { projectId, areaId: nodeId } });
    expect(page.data).toMatchObject({ total: 1, list: [{ name: '一号站' }] });
    const byName = await t.api(api.page, { token: admin, body: { name: '二号', sortField: 'name' } });
    expect(byName.data?.list.map((row) => row.name)).toEqual(['二号站']);

    const updated = await t.api(api.update, {
      token: admin,
      body: { siteId: site?.siteId ?? 0, projectId, name: '一号站', longitude: 113.2, latitude: 22.2 },
    });
    expect(updated).toMatchObject({
      status_code: 1,
      message: '保存成功',
      data: { areaId: null, longitude: 113.2 },
    });
    expect(await t.api(api.delete, { token: admin, params: { id: site?.siteId ?? 0 } })).toMatchObject({
      status_code: 1,
      message: '删除成功',
    });
    expect(await t.api(api.find, { token: admin, params: { id: site?.siteId ?? 0 } })).toEqual(
      refused('站点不存在或已被删除，请刷新列表'),
    );
  });

  it('keeps names unique in a project ignoring case, not across projects', async () => {
    await create('Site-A');
    const before = await siteCount();
    expect(
      await t.api(api.create, {
        token: admin,
        body: { projectId, name: 'site-a', longitude: 113, latitude: 22 },
      }),
    ).toEqual(refused('该项目下已有同名站点'));
    expect(await siteCount()).toBe(before);
    await create('Site-A', { projectId: await project('站点-另一项目') });
  });
});

describe('rules', () => {
  it('refuses an area that is no node of the project, and a place outside the area', async () => {
    const otherProject = await project('站点-别的区域');
    const before = await siteCount();
    const cases: [Partial<CreateSite>, string][] = [
      [{ areaId: dirId }, '所属区域须为该项目的区域节点'],
      [{ areaId: 99_999 }, '所属区域须为该项目的区域节点'],
      [{ areaId: nodeId, projectId: otherProject }, '所属区域须为该项目的区域节点'],
      [{ areaId: nodeId, longitude: 113.2 }, '站点位置须在所属区域“节点”的范围之内'],
      [{ projectId: 99_999 }, '项目不存在或已被删除，请刷新列表'],
    ];
    for (const [extra, message] of cases) {
      const body = { projectId, name: '规则站', longitude: 113.05, latitude: 22.05, ...extra };
      expect(await t.api(api.create, { token: admin, body }), message).toEqual(refused(message));
    }
    expect(await siteCount()).toBe(before);
    // On the area's edge is inside.
    await create('边上站', { areaId: nodeId, longitude: 113.1, latitude: 22.05 });
  });

  it('refuses moving an area node away from its sites', async () => {
    await create('留守站', { areaId: nodeId, longitude: 113.01, latitude: 22.01 });
    const moved = await t.api(areaEndpoints.update, {
      token: admin,
      body: {
        areaId: nodeId,
        parentId: dirId,
        name: '节点',
        type: 'areanode',
        polygon: square.map(({ lng, lat }) => ({ lng: lng + 0.05, lat })),
      },
    });
    expect(moved).toEqual(refused('站点“留守站”将不在该区域的范围之内，请先移动该站点'));
  });

  it('refuses bad input naming the field or the text, writing nothing', async () => {
    const before = await siteCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: '' }, /^参数name不合法/],
      [{ name: 'x'.repeat(51) }, /^参数name不合法/],
      [{ longitude: null, latitude: null }, '请输入正确的经度，-180~180'],
      [{ longitude: 181 }, '请输入正确的经度，-180~180'],
      [{ latitude: '' }, '请输入正确的纬度，-90~90'],
      [{ address: 'x'.repeat(101) }, /^参数address不合法/],
      [{ contact: '张三3' }, '只能输入中文或英文字母'],
      [{ contactPhone: '12345' }, '请输入正确的手机号码或座机号码'],
      [{ remarks: 'x'.repeat(201) }, /^参数remarks不合法/],
      [{ projectId: 0 }, /^参数projectId不合法/],
      [{ level: 1 }, /level/],
    ];
    for (const [extra, message] of cases) {
      const body = { projectId, name: '输入站', longitude: 113.05, latitude: 22.05, ...extra } as CreateSite;
      const answer = await t.api(api.create, { token: admin, body });
      expect(answer.status_code, JSON.stringify(extra)).toBe(10001);
      expect(answer.message, JSON.stringify(extra)).toMatch(message);
    }
    expect(await siteCount()).toBe(before);
  });
});

describe('access', () => {
  it('answers 10500 without the permission and 10401 without a session', async () => {
    const site = await create('权限站');
    await t.createUser('site_none', 'Nocode@123', ['message']);
    const none = await t.token('site_none', 'Nocode@123');
    const before = await siteCount();
    const body = { projectId, name: '新站', longitude: 113, latitude: 22 };
    const calls = [
      () => t.api(api.page, { token: none, body: {} }),
      () => t.api(api.find, { token: none, params: { id: site.siteId } }),
      () => t.api(api.create, { token: none, body }),
      () => t.api(api.update, { token: none, body: { ...body, siteId: site.siteId } }),
      () => t.api(api.delete, { token: none, params: { id: site.siteId } }),
    ];
    for (const call of calls) expect((await call()).status_code).toBe(10500);
    const anonymous = [
      () => t.api(api.page, { body: {} }),
      () => t.api(api.create, { body }),
      () => t.api(api.delete, { params: { id: site.siteId } }),
    ];
    for (const call of anonymous) expect((await call()).status_code).toBe(10401);
    expect(await siteCount()).toBe(before);
  });

  it('lets a button holder without the page code add sites only to projects they were given', async () => {
    const userId = await t.createUser('site_editor', 'Editor@123', [SITE_BUTTONS.add]);
    const own = await project('站点-成员', [userId]);
    const token = await t.token('site_editor', 'Editor@123');
    expect((await create('自己的站', { projectId: own }, token)).editor).toBe('site_editor');
    expect(
      await t.api(api.create, { token, body: { projectId, name: '别人的站', longitude: 113, latitude: 22 } }),
    ).toEqual(refused('您不是该项目的成员，不能查看或修改该项目'));
  });
});
