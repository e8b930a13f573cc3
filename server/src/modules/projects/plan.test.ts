import {
  auditorEndpoints,
  cycleEndpoints as cycles,
  postEndpoints,
  PROJECT,
  PROJECT_BUTTONS,
  projectManageEndpoints as manage,
  type CreateCycle,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projectAuditors, projectCycles, projectSegments, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminId: number;
let memberId: number;
let outsiderId: number;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
  adminId = row?.id ?? 0;
  memberId = await t.createUser('plan_member', 'Member@123', ['message']);
  outsiderId = await t.createUser('plan_outsider', 'Outsider@123', ['message']);
  const project = await t.api(manage.create, {
    token: admin,
    body: { projectName: '计划-项目', userIds: [memberId] },
  });
  projectId = project.data?.projectId ?? 0;
});
afterAll(() => t.close());

const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function cycle(name: string, extra: Partial<CreateCycle> = {}) {
  const answer = await t.api(cycles.insertCycle, {
    token: admin,
    body: { projectId, name, startDate: '2025-01-01', endDate: '2025-06-30', ...extra },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

async function segment(cycleId: number, name: string, startDate = '2025-02-01', endDate = '2025-03-01') {
  const answer = await t.api(cycles.insertSegment, {
    token: admin,
    body: { cycleId, name, startDate, endDate, ownerId: memberId },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const lastLog = async (action: string) =>
  (
    await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, PROJECT), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('cycles', () => {
  it('creates, lists, finds, updates and deletes a cycle with its segments', async () => {
    const created = await cycle('一期', { sortNum: 2, remarks: '主体' });
    expect(created).toMatchObject({ projectId, name: '一期', sortNum: 2, remarks: '主体', segments: [] });
    expect((await lastLog('createCycle'))?.targetName).toBe('一期');
    const first = await cycle('前期', { sortNum: 1, startDate: '2024-10-01', endDate: '2024-12-31' });
    const seg = await segment(created.cycleId, '安装');
    expect(seg).toMatchObject({
      name: '安装',
      state: 'notStarted',
      ownerId: memberId,
      ownerName: 'plan_member',
    });
    const list = await t.api(cycles.list, { token: admin, query: { projectId } });
    expect(list.data?.map((c) => [c.name, c.segments.map((s) => s.name)])).toEqual([
      ['前期', []],
      ['一期', ['安装']],
    ]);
    const found = await t.api(cycles.find, { token: admin, params: { id: created.cycleId } });
    expect(found.data?.segments).toEqual([seg]);
    const updated = await t.api(cycles.updateCycle, {
      token: admin,
      body: { cycleId: created.cycleId, name: '一期工程', startDate: '2025-01-15', endDate: '2025-05-01' },
    });
    expect(updated).toMatchObject({ status_code: 1, message: '保存成功', data: { name: '一期工程' } });
    expect((await lastLog('updateCycle'))?.changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: '一期', after: '一期工程' }]),
    );
    const deleted = await t.api(cycles.deleteCycle, { token: admin, params: { id: created.cycleId } });
    expect(deleted).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(await t.handle.db.$count(projectSegments, eq(projectSegments.cycleId, created.cycleId))).toBe(0);
    expect(await t.api(cycles.find, { token: admin, params: { id: created.cycleId } })).toEqual(
      refused('项目周期不存在或已被删除，请刷新后重试'),
    );
    expect(first.cycleId).toBeGreaterThan(0);
  });

  it('refuses a repeated name, an end not after the start, and dates that leave a segment out', async () => {
    const c = await cycle('二期', { startDate: '2026-01-01', endDate: '2026-12-31' });
    await segment(c.cycleId, '验收', '2026-11-01', '2026-12-31');
    const before = await t.handle.db.$count(projectCycles);
    expect(
      await t.api(cycles.insertCycle, {
        token: admin,
        body: { projectId, name: '二期', startDate: '2027-01-01', endDate: '2027-02-01' },
      }),
    ).toEqual(refused('该项目下已有同名周期'));
    expect(
      await t.api(cycles.insertCycle, {
        token: admin,
        body: { projectId, name: '三期', startDate: '2027-02-01', endDate: '2027-02-01' },
      }),
    ).toEqual(refused('结束时间必须晚于开始时间'));
    const bad = await t.api(cycles.insertCycle, {
      token: admin,
      body: { projectId, name: '三期', startDate: '2027-02-30', endDate: '2027-03-01' },
    });
    expect(bad).toEqual(refused('日期格式应为YYYY-MM-DD'));
    const noName = await t.api(cycles.insertCycle, {
      token: admin,
      body: { projectId, name: '', startDate: '2027-01-01', endDate: '2027-03-01' },
    });
    expect(noName.message).toMatch(/^参数name不合法/);
    expect(
      await t.api(cycles.insertCycle, {
        token: admin,
        body: { projectId: 999999, name: '四期', startDate: '2027-01-01', endDate: '2027-03-01' },
      }),
    ).toEqual(refused('项目不存在或已被删除，请刷新列表'));
    expect(await t.handle.db.$count(projectCycles)).toBe(before);
    expect(
      await t.api(cycles.updateCycle, {
        token: admin,
        body: { cycleId: c.cycleId, name: '二期', startDate: '2026-01-01', endDate: '2026-11-30' },
      }),
    ).toEqual(refused('周期的起止日期须包含其下所有环节的起止日期'));
    const [kept] = await t.handle.db.select().from(projectCycles).where(eq(projectCycles.id, c.cycleId));
    expect(kept?.endDate).toBe('2026-12-31');
  });
});

describe('segments', () => {
  it('updates, finds and deletes a segment inside its cycle, owned by a member', async () => {
    const c = await cycle('段-周期', { startDate: '2028-01-01', endDate: '2028-12-31' });
    const s = await segment(c.cycleId, '勘查', '2028-01-01', '2028-02-01');
    const updated = await t.api(cycles.updateSegment, {
      token: admin,
      body: {
        segmentId: s.segmentId,
        name: '勘查',
        startDate: '2028-01-01',
        endDate: '2028-03-01',
        state: 'delayed',
        ownerId: null,
      },
    });
    expect(updated.data).toMatchObject({
      state: 'delayed',
      ownerId: null,
      ownerName: null,
      endDate: '2028-03-01',
    });
    expect((await lastLog('updateSegment'))?.changes).toEqual(
      expect.arrayContaining([{ field: 'state', before: 'notStarted', after: 'delayed' }]),
    );
    const found = await t.api(cycles.findSegment, { token: admin, params: { id: s.segmentId } });
    expect(found.data).toEqual(updated.data);
    expect(await t.api(cycles.deleteSegment, { token: admin, params: { id: s.segmentId } })).toMatchObject({
      status_code: 1,
    });
    expect(await t.api(cycles.findSegment, { token: admin, params: { id: s.segmentId } })).toEqual(
      refused('周期环节不存在或已被删除，请刷新后重试'),
    );
  });

  it('refuses dates outside the cycle, an owner who is not a member, a bad state', async () => {
    const c = await cycle('段-规则', { startDate: '2029-01-01', endDate: '2029-06-30' });
    const body = { cycleId: c.cycleId, name: '段', startDate: '2029-02-01', endDate: '2029-03-01' };
    const before = await t.handle.db.$count(projectSegments);
    expect(
      await t.api(cycles.insertSegment, { token: admin, body: { ...body, endDate: '2029-07-01' } }),
    ).toEqual(refused('环节的起止日期须在所属周期的起止日期之内'));
    expect(
      await t.api(cycles.insertSegment, { token: admin, body: { ...body, startDate: '2028-12-31' } }),
    ).toEqual(refused('环节的起止日期须在所属周期的起止日期之内'));
    expect(
      await t.api(cycles.insertSegment, { token: admin, body: { ...body, ownerId: outsiderId } }),
    ).toEqual(refused('负责人须为该项目的成员'));
    const state = await t.api(cycles.insertSegment, {
      token: admin,
      body: { ...body, state: 'lost' as never },
    });
    expect(state.message).toMatch(/^参数state不合法/);
    expect(await t.api(cycles.insertSegment, { token: admin, body: { ...body, cycleId: 999999 } })).toEqual(
      refused('项目周期不存在或已被删除，请刷新后重试'),
    );
    expect(await t.handle.db.$count(projectSegments)).toBe(before);
  });

  it('answers the segment states in the caller’s language', async () => {
    const zh = await t.api(cycles.segmentStates, { token: admin, query: {} });
    expect(zh.data).toEqual([
      { state: 'notStarted', name: '未开始' },
      { state: 'inProgress', name: '进行中' },
      { state: 'done', name: '已完成' },
      { state: 'delayed', name: '已延期' },
    ]);
    const en = await t.api(cycles.segmentStates, {
      token: admin,
      query: {},
      headers: { 'accept-language': 'en' },
    });
    expect(en.data?.[3]).toEqual({ state: 'delayed', name: 'Delayed' });
  });

  it('clears the segments a leaving member owned', async () => {
    const c = await cycle('段-离开', { startDate: '2030-01-01', endDate: '2030-06-30' });
    const s = await segment(c.cycleId, '离开者的', '2030-01-01', '2030-02-01');
    await t.api(manage.update, {
      token: admin,
      body: { projectId, projectName: '计划-项目', userIds: [adminId] },
    });
    const found = await t.api(cycles.findSegment, { token: admin, params: { id: s.segmentId } });
    expect(found.data?.ownerId).toBeNull();
    await t.api(manage.update, {
      token: admin,
      body: { projectId, projectName: '计划-项目', userIds: [adminId, memberId] },
    });
  });
});

describe('project names, posts and people', () => {
  it('answers every project to the page code holder and only their own to anyone else', async () => {
    const all = await t.api(cycles.projectNames, { token: admin, query: {} });
    expect(all.data?.map((p) => p.projectName)).toEqual(
      expect.arrayContaining(['深圳南山智慧路灯示范项目', '杭州西湖景区亮化工程', '计划-项目']),
    );
    const member = await t.token('plan_member', 'Member@123');
    const own = await t.api(cycles.projectNames, { token: member, query: {} });
    expect(own.data).toEqual([{ projectId, projectName: '计划-项目' }]);
  });

  it('answers the seeded post tree and the project users with their posts', async () => {
    const names = await t.api(cycles.projectNames, { token: admin, query: {} });
    const nanshan = names.data?.find((p) => p.projectName.startsWith('深圳南山'))?.projectId ?? 0;
    const tree = await t.api(postEndpoints.tree, { token: admin, query: { projectId: nanshan } });
    expect(tree.data).toMatchObject([
      {
        name: '项目经理',
        users: [{ userName: 'admin' }],
        children: [
          { name: '实施工程师', users: [] },
          { name: '运维值班', users: [{ userName: 'operator' }] },
        ],
      },
    ]);
    const people = await t.api(postEndpoints.users, { token: admin, query: { projectId: nanshan } });
    expect(people.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userName: 'admin', postName: '项目经理' }),
        expect.objectContaining({ userName: 'operator', postName: '运维值班' }),
      ]),
    );
    const mine = await t.api(postEndpoints.users, { token: admin, query: { projectId } });
    expect(mine.data?.map((u) => [u.userName, u.postId])).toEqual(
      expect.arrayContaining([
        ['admin', null],
        ['plan_member', null],
      ]),
    );
    const missing = await t.api(postEndpoints.tree, { token: admin, query: {} as never });
    expect(missing).toEqual(refused('缺少参数projectId'));
  });
});

describe('auditors', () => {
  it('answers every business type and saves one type’s auditors in order', async () => {
    const empty = await t.api(auditorEndpoints.find, { token: admin, params: { id: projectId } });
    expect(empty.data).toEqual([
      { businessType: 'workOrder', auditors: [] },
      { businessType: 'inspection', auditors: [] },
      { businessType: 'alarm', auditors: [] },
    ]);
    const saved = await t.api(auditorEndpoints.save, {
      token: admin,
      body: { projectId, businessType: 'workOrder', userIds: [memberId, adminId] },
    });
    expect(saved).toMatchObject({ status_code: 1, message: '审核人设置成功' });
    expect(saved.data?.[0]?.auditors.map((a) => a.userId)).toEqual([memberId, adminId]);
    expect((await lastLog('saveAuditors'))?.changes).toEqual([
      { field: 'workOrder', before: '', after: `${memberId},${adminId}` },
    ]);
    const reordered = await t.api(auditorEndpoints.save, {
      token: admin,
      body: { projectId, businessType: 'workOrder', userIds: [adminId] },
    });
    expect(reordered.data?.[0]?.auditors.map((a) => a.userId)).toEqual([adminId]);
  });

  it('refuses a non-member, a repeat and an unknown project, writing nothing', async () => {
    const before = await t.handle.db.$count(projectAuditors);
    expect(
      await t.api(auditorEndpoints.save, {
        token: admin,
        body: { projectId, businessType: 'alarm', userIds: [adminId, outsiderId] },
      }),
    ).toEqual(refused('审核人须为该项目的成员'));
    expect(
      await t.api(auditorEndpoints.save, {
        token: admin,
        body: { projectId, businessType: 'alarm', userIds: [adminId, adminId] },
      }),
    ).toEqual(refused('同一审核人不能重复出现'));
    const type = await t.api(auditorEndpoints.save, {
      token: admin,
      body: { projectId, businessType: 'billing' as never, userIds: [] },
    });
    expect(type.message).toMatch(/^参数businessType不合法/);
    expect(
      await t.api(auditorEndpoints.save, {
        token: admin,
        body: { projectId: 999999, businessType: 'alarm', userIds: [] },
      }),
    ).toEqual(refused('项目不存在或已被删除，请刷新列表'));
    expect(await t.handle.db.$count(projectAuditors)).toBe(before);
  });
});

describe('access', () => {
  it('answers 10500 without the codes and 10401 without a session', async () => {
    const c = await cycle('权限-周期', { startDate: '2031-01-01', endDate: '2031-06-30' });
    const reader = await t.createUser('plan_reader', 'Reader@123', [PROJECT]);
    expect(reader).toBeGreaterThan(0);
    const token = await t.token('plan_reader', 'Reader@123');
    // The page code reads, but changes need the plan and auditor buttons.
    expect((await t.api(cycles.list, { token, query: { projectId } })).status_code).toBe(1);
    const changes = [
      () =>
        t.api(cycles.insertCycle, {
          token,
          body: { projectId, name: 'x', startDate: '2031-01-01', endDate: '2031-02-01' },
        }),
      () => t.api(cycles.deleteCycle, { token, params: { id: c.cycleId } }),
      () => t.api(auditorEndpoints.save, { token, body: { projectId, businessType: 'alarm', userIds: [] } }),
    ];
    for (const call of changes) expect((await call()).status_code).toBe(10500);
    const none = await t.token('plan_outsider', 'Outsider@123');
    const reads = [
      () => t.api(cycles.list, { token: none, query: { projectId } }),
      () => t.api(cycles.find, { token: none, params: { id: c.cycleId } }),
      () => t.api(postEndpoints.tree, { token: none, query: { projectId } }),
      () => t.api(auditorEndpoints.find, { token: none, params: { id: projectId } }),
    ];
    for (const call of reads) expect((await call()).status_code).toBe(10500);
    const anonymous = [
      () => t.api(cycles.projectNames, { query: {} }),
      () => t.api(cycles.list, { query: { projectId } }),
      () => t.api(auditorEndpoints.find, { params: { id: projectId } }),
    ];
    for (const call of anonymous) expect((await call()).status_code).toBe(10401);
  });

  it('lets a plan editor without the page code change only the plans of their own projects', async () => {
    await t.createUser('plan_editor', 'Editor@123', [PROJECT_BUTTONS.plan]);
    const token = await t.token('plan_editor', 'Editor@123');
    const body = { projectId, name: '别人的周期', startDate: '2032-01-01', endDate: '2032-02-01' };
    expect(await t.api(cycles.insertCycle, { token, body })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
  });
});
