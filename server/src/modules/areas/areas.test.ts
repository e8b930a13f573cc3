import {
  AREA,
  AREA_BUTTONS,
  areaEndpoints as api,
  authEndpoints,
  projectManageEndpoints,
  siteEndpoints,
  type CreateArea,
  type LngLat,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, auditLog, userAreas } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const areaCount = () => t.handle.db.$count(areas);
const refused = (message: string) => ({ status_code: 10001, message, data: null });

/** A rectangle from (x0, y0) to (x1, y1), in hundredths of a degree from 113°E 22°N. */
const rect = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  { lng: 113 + x0 / 100, lat: 22 + y0 / 100 },
  { lng: 113 + x1 / 100, lat: 22 + y0 / 100 },
  { lng: 113 + x1 / 100, lat: 22 + y1 / 100 },
  { lng: 113 + x0 / 100, lat: 22 + y1 / 100 },
];

async function project(projectName: string, userIds: number[] = []) {
  const answer = await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

async function create(body: CreateArea, token = admin) {
  const answer = await t.api(api.create, { token, body });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const node = (projectId: number, name: string, polygon: LngLat[], parentId: number | null = null) =>
  create({ projectId, name, type: 'areanode', polygon, parentId });

describe('the tree', () => {
  it('creates a directory with two nodes, answers the tree with outlines, and logs each change', async () => {
    const projectId = await project('区域-树');
    const dir = await create({ projectId, name: '科技园片区', type: 'areadir', polygon: rect(0, 0, 10, 10) });
    expect(dir).toMatchObject({ projectId, parentId: null, type: 'areadir', editor: 'admin', sortNum: 0 });
    const north = await create({
      projectId,
      parentId: dir.areaId,
      name: '北区',
      type: 'areanode',
      polygon: rect(0, 5, 10, 10),
      sortNum: 2,
      remarks: '北',
    });
    // Sharing an edge with 北区 is not overlapping.
    const south = await node(projectId, '南区', rect(0, 0, 10, 5), dir.areaId);
    const tree = await t.api(api.tree, { token: admin, query: { projectId } });
    expect(tree.status_code).toBe(1);
    expect(tree.data).toHaveLength(1);
    expect(tree.data?.[0]?.children.map((child) => child.name)).toEqual(['南区', '北区']);
    expect(tree.data?.[0]?.children[1]?.polygon).toEqual(rect(0, 5, 10, 10));
    expect((await t.api(api.find, { token: admin, params: { id: north.areaId } })).data).toEqual(north);

    const renamed = await t.api(api.update, {
      token: admin,
      body: {
        areaId: south.areaId,
        name: '南区一',
        type: 'areanode',
        parentId: dir.areaId,
        polygon: rect(0, 0, 10, 5),
      },
    });
    expect(renamed).toMatchObject({ status_code: 1, message: '保存成功', data: { name: '南区一' } });
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, AREA), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetId: String(south.areaId), targetName: '南区一' });
    expect(entry?.changes).toEqual([expect.objectContaining({ field: 'name' })]);

    expect(await t.api(api.delete, { token: admin, params: { id: south.areaId } })).toMatchObject({
      status_code: 1,
      message: '删除成功',
    });
    expect((await t.api(api.find, { token: admin, params: { id: south.areaId } })).message).toBe(
      '区域不存在或已被删除，请刷新后重试',
    );
  });

  it('lets nodes touch at a corner, and refuses an overlap naming the other area', async () => {
    const projectId = await project('区域-重叠');
    await node(projectId, '甲', rect(0, 0, 2, 2));
    await node(projectId, '乙', rect(2, 2, 4, 4));
    const before = await areaCount();
    expect(
      await t.api(api.create, {
        token: admin,
        body: { projectId, name: '丙', type: 'areanode', polygon: rect(0.5, 0.5, 1.5, 1.5) },
      }),
    ).toEqual(refused('与区域“甲”重叠'));
    // A node wholly inside another overlaps it too.
    const inner = { projectId, name: '丁', type: 'areanode' as const, polygon: rect(2.5, 2.5, 3, 3) };
    expect(await t.api(api.create, { token: admin, body: inner })).toEqual(refused('与区域“乙”重叠'));
    expect(await areaCount()).toBe(before);
    // A directory may cover nodes; a node of another project may lie anywhere.
    await create({ projectId, name: '总目录', type: 'areadir', polygon: rect(0, 0, 4, 4) });
    await node(await project('区域-别的项目'), '甲', rect(1, 1, 3, 3));
  });

  it('refuses moving a node onto another', async () => {
    const projectId = await project('区域-移动');
    await node(projectId, '东', rect(0, 0, 2, 2));
    const west = await node(projectId, '西', rect(3, 0, 5, 2));
    const moved = await t.api(api.update, {
      token: admin,
      body: { areaId: west.areaId, name: '西', type: 'areanode', polygon: rect(1, 0, 5, 2) },
    });
    expect(moved).toEqual(refused('与区域“东”重叠'));
  });

  it('refuses a self-intersecting outline', async () => {
    const projectId = await project('区域-自交');
    const bowTie = [
      { lng: 113, lat: 22 },
      { lng: 113.1, lat: 22.1 },
      { lng: 113.1, lat: 22 },
      { lng: 113, lat: 22.1 },
    ];
    const answer = await t.api(api.create, {
      token: admin,
      body: { projectId, name: '蝴蝶', type: 'areanode', polygon: bowTie },
    });
    expect(answer).toEqual(refused('区域范围的边不能交叉，请重新绘制'));
  });

  it('keeps a child inside its directory, and the directory around its children', async () => {
    const projectId = await project('区域-包含');
    const dir = await create({ projectId, name: '目录', type: 'areadir', polygon: rect(0, 0, 4, 4) });
    const outside = await t.api(api.create, {
      token: admin,
      body: { projectId, parentId: dir.areaId, name: '越界', type: 'areanode', polygon: rect(3, 3, 5, 5) },
    });
    expect(outside).toEqual(refused('区域范围须在上级目录“目录”的范围之内'));
    // On the directory's edge is inside; a directory without an outline under it checks against the outer one.
    const sub = await create({ projectId, parentId: dir.areaId, name: '子目录', type: 'areadir' });
    await node(projectId, '边上', rect(0, 0, 4, 1), sub.areaId);
    expect(
      await t.api(api.create, {
        token: admin,
        body: { projectId, parentId: sub.areaId, name: '远', type: 'areanode', polygon: rect(8, 8, 9, 9) },
      }),
    ).toEqual(refused('区域范围须在上级目录“目录”的范围之内'));
    const shrunk = await t.api(api.update, {
      token: admin,
      body: { areaId: dir.areaId, name: '目录', type: 'areadir', polygon: rect(0, 2, 4, 4) },
    });
    expect(shrunk).toEqual(refused('下级区域“边上”不在该目录的范围之内'));
  });

  it('checks the parent, the cycle, the type and the sibling names', async () => {
    const projectId = await project('区域-规则');
    const top = await create({ projectId, name: '一级', type: 'areadir' });
    const second = await create({ projectId, parentId: top.areaId, name: '二级', type: 'areadir' });
    const leaf = await node(projectId, '叶子', rect(0, 0, 1, 1), second.areaId);
    const other = await create({ projectId: await project('区域-规则二'), name: '外', type: 'areadir' });
    const cases: [CreateArea, string][] = [
      [
        { projectId, parentId: leaf.areaId, name: 'x', type: 'areadir' },
        '区域节点下不能再建区域，请选择区域目录',
      ],
      [{ projectId, parentId: other.areaId, name: 'x', type: 'areadir' }, '上级目录不存在或不属于该项目'],
      [{ projectId, parentId: 99_999, name: 'x', type: 'areadir' }, '上级目录不存在或不属于该项目'],
      [{ projectId, parentId: top.areaId, name: '二级', type: 'areadir' }, '同一层级下已有同名区域'],
      [{ projectId: 99_999, name: 'x', type: 'areadir' }, '项目不存在或已被删除，请刷新列表'],
    ];
    const before = await areaCount();
    for (const [body, message] of cases)
      expect(await t.api(api.create, { token: admin, body })).toEqual(refused(message));
    expect(await areaCount()).toBe(before);
    // The same name under another parent is fine, and names differ ignoring case.
    await create({ projectId, name: '二级', type: 'areadir' });
    await create({ projectId, name: 'Abc', type: 'areadir' });
    expect(
      await t.api(api.create, { token: admin, body: { projectId, name: 'aBC', type: 'areadir' } }),
    ).toEqual(refused('同一层级下已有同名区域'));
    const update = (body: Partial<Parameters<typeof api.update.body.parse>[0]>) =>
      t.api(api.update, {
        token: admin,
        body: { areaId: top.areaId, name: '一级', type: 'areadir', ...body },
      });
    expect(await update({ parentId: second.areaId })).toEqual(refused('不能把区域移到它自己或它的下级之下'));
    expect(await update({ parentId: top.areaId })).toEqual(refused('不能把区域移到它自己或它的下级之下'));
    expect(await update({ type: 'areanode', polygon: rect(0, 0, 2, 2) })).toEqual(
      refused('该目录下还有区域，不能改为区域节点'),
    );
  });

  it('refuses bad input naming the field or the text, writing nothing', async () => {
    const projectId = await project('区域-输入');
    const before = await areaCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: '' }, /^参数name不合法/],
      [{ name: 'x'.repeat(51) }, /^参数name不合法/],
      [{ type: 'areanode', polygon: [] }, '区域节点须在地图上绘制区域范围'],
      [{ polygon: rect(0, 0, 1, 1).slice(0, 2) }, '区域范围须为3-2000个点围成的多边形，或不设置'],
      [{ polygon: [{ lng: 181, lat: 1 }, ...rect(0, 0, 1, 1)] }, '请输入正确的经度，-180~180'],
      [{ remarks: 'x'.repeat(201) }, /^参数remarks不合法/],
      [{ sortNum: 1000 }, '排序号必须小于1000'],
      [{ type: 'project' }, /^参数type不合法/],
      [{ level: 2 }, /level/],
    ];
    for (const [extra, message] of cases) {
      const body = { projectId, name: '目录', type: 'areadir', ...extra } as CreateArea;
      const answer = await t.api(api.create, { token: admin, body });
      expect(answer.status_code, JSON.stringify(extra)).toBe(10001);
      expect(answer.message, JSON.stringify(extra)).toMatch(message);
    }
    expect(await areaCount()).toBe(before);
  });
});

describe('deleting', () => {
  it('refuses an area with children or sites, and a project with areas or sites', async () => {
    const projectId = await project('区域-删除');
    const dir = await create({ projectId, name: '目录', type: 'areadir' });
    const leaf = await node(projectId, '节点', rect(0, 0, 2, 2), dir.areaId);
    const site = await t.api(siteEndpoints.create, {
      token: admin,
      body: { projectId, areaId: leaf.areaId, name: '站点', longitude: 113.01, latitude: 22.01 },
    });
    expect(site.status_code).toBe(1);
    const del = (id: number) => t.api(api.delete, { token: admin, params: { id } });
    expect(await del(dir.areaId)).toEqual(refused('该区域下还有下级区域，不能删除'));
    expect(await del(leaf.areaId)).toEqual(refused('该区域下还有站点，不能删除'));
    const deleteProject = () =>
      t.api(projectManageEndpoints.delete, { token: admin, params: { id: projectId } });
    expect(await deleteProject()).toEqual(refused('该项目下还有区域，不能删除'));

    const moved = await t.api(siteEndpoints.update, {
      token: admin,
      body: { siteId: site.data?.siteId ?? 0, projectId, name: '站点', longitude: 113.01, latitude: 22.01 },
    });
    expect(moved).toMatchObject({ status_code: 1, data: { areaId: null } });
    expect((await del(leaf.areaId)).status_code).toBe(1);
    expect((await del(dir.areaId)).status_code).toBe(1);
    expect(await deleteProject()).toEqual(refused('该项目下还有站点，不能删除'));
    await t.api(siteEndpoints.delete, { token: admin, params: { id: site.data?.siteId ?? 0 } });
    expect((await deleteProject()).status_code).toBe(1);
  });
});

describe('users given areas', () => {
  it('gives areas to project members only, and the session lists them with a directory’s descendants', async () => {
    const memberId = await t.createUser('area_member', 'Member@123', ['message']);
    const strangerId = await t.createUser('area_stranger', 'Member@123', ['message']);
    const projectId = await project('区域-用户', [memberId]);
    const dir = await create({ projectId, name: '目录', type: 'areadir' });
    const sub = await create({ projectId, parentId: dir.areaId, name: '子目录', type: 'areadir' });
    const a = await node(projectId, '甲', rect(0, 0, 1, 1), sub.areaId);
    const b = await node(projectId, '乙', rect(2, 0, 3, 1));
    const assign = (areaId: number, userIds: number[]) =>
      t.api(api.assignUsers, { token: admin, body: { areaId, userIds } });

    expect(await assign(b.areaId, [memberId, strangerId])).toEqual(
      refused('所选用户须为该区域所属项目的成员'),
    );
    expect(await t.handle.db.$count(userAreas)).toBe(0);
    expect(await assign(b.areaId, [memberId])).toMatchObject({
      status_code: 1,
      message: '区域用户已保存',
      data: [{ userId: memberId, userName: 'area_member' }],
    });
    expect((await assign(dir.areaId, [memberId])).status_code).toBe(1);
    expect((await t.api(api.users, { token: admin, params: { id: dir.areaId } })).data).toEqual([
      { userId: memberId, name: 'area_member', userName: 'area_member' },
    ]);

    const token = await t.token('area_member', 'Member@123');
    const session = await t.api(authEndpoints.userPermissions, { token });
    expect(session.data?.areaIds).toEqual([dir.areaId, sub.areaId, a.areaId, b.areaId].sort((x, y) => x - y));

    // Emptied, and taken away when the user leaves the project.
    expect((await assign(b.areaId, [])).data).toEqual([]);
    await t.api(projectManageEndpoints.update, {
      token: admin,
      // userIds left out keeps the members; the admin alone remains.
      body: { projectId, projectName: '区域-用户', userIds: [] },
    });
    expect((await t.api(authEndpoints.userPermissions, { token })).data?.areaIds).toEqual([]);
  });
});

describe('who may be given an area', () => {
  it('is every member of its project, for a holder of the assign code without the project page', async () => {
    const memberId = await t.createUser('area_cand', 'Member@123', ['message']);
    await t.createUser('area_cand_stranger', 'Member@123', ['message']);
    const assignerId = await t.createUser('area_assigner', 'Assign@123', [AREA_BUTTONS.assign]);
    const projectId = await project('区域-候选', [memberId, assignerId]);
    const dir = await create({ projectId, name: '目录', type: 'areadir' });
    const token = await t.token('area_assigner', 'Assign@123');
    const answer = await t.api(api.candidates, { token, params: { id: dir.areaId } });
    expect(answer.status_code).toBe(1);
    const names = (answer.data ?? []).map((person) => person.userName);
    expect(names).toEqual(expect.arrayContaining(['area_cand', 'area_assigner']));
    expect(names).not.toContain('area_cand_stranger');
    // …and the area can be given to them with the same code.
    const given = await t.api(api.assignUsers, { token, body: { areaId: dir.areaId, userIds: [memberId] } });
    expect(given.status_code).toBe(1);
    // An area of a project the holder is not a member of stays out of reach.
    const other = await create({ projectId: await project('区域-候选-外'), name: '目录', type: 'areadir' });
    expect((await t.api(api.candidates, { token, params: { id: other.areaId } })).status_code).toBe(10001);
    expect((await t.api(api.candidates, { token, params: { id: 999_999 } })).status_code).toBe(10001);
  });
});

describe('access', () => {
  it('answers 10500 without the permission and 10401 without a session', async () => {
    const projectId = await project('区域-权限');
    const dir = await create({ projectId, name: '目录', type: 'areadir' });
    await t.createUser('area_none', 'Nocode@123', ['message']);
    const none = await t.token('area_none', 'Nocode@123');
    const before = await areaCount();
    const body = { projectId, name: '新', type: 'areadir' as const };
    const calls = [
      () => t.api(api.find, { token: none, params: { id: dir.areaId } }),
      () => t.api(api.create, { token: none, body }),
      () => t.api(api.update, { token: none, body: { areaId: dir.areaId, name: 'x', type: 'areadir' } }),
      () => t.api(api.delete, { token: none, params: { id: dir.areaId } }),
      () => t.api(api.users, { token: none, params: { id: dir.areaId } }),
      () => t.api(api.candidates, { token: none, params: { id: dir.areaId } }),
      () => t.api(api.assignUsers, { token: none, body: { areaId: dir.areaId, userIds: [] } }),
    ];
    for (const call of calls) expect((await call()).status_code).toBe(10500);
    // The tree needs a session only, but a user without the page code sees only their own projects.
    expect(await t.api(api.tree, { token: none, query: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    const anonymous = [
      () => t.api(api.tree, { query: { projectId } }),
      () => t.api(api.create, { body }),
      () => t.api(api.delete, { params: { id: dir.areaId } }),
    ];
    for (const call of anonymous) expect((await call()).status_code).toBe(10401);
    expect(await areaCount()).toBe(before);
  });

  it('lets a member without the page code read their project’s tree and a button holder change it', async () => {
    const userId = await t.createUser('area_editor', 'Editor@123', [AREA_BUTTONS.add]);
    const projectId = await project('区域-成员', [userId]);
    const token = await t.token('area_editor', 'Editor@123');
    expect((await create({ projectId, name: '自己的', type: 'areadir' }, token)).editor).toBe('area_editor');
    expect((await t.api(api.tree, { token, query: { projectId } })).data?.map((area) => area.name)).toEqual([
      '自己的',
    ]);
    const elsewhere = await project('区域-非成员');
    expect(
      await t.api(api.create, { token, body: { projectId: elsewhere, name: 'x', type: 'areadir' } }),
    ).toEqual(refused('您不是该项目的成员，不能查看或修改该项目'));
  });
});
