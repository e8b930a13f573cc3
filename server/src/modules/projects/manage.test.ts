import {
  PROJECT,
  PROJECT_BUTTONS,
  projectEndpoints,
  projectManageEndpoints as manage,
  type CreateProject,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, cameras, projectCycles, projects, userProjects, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

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
afterEach(() => vi.restoreAllMocks());

/** Who the server tells that their projects changed (their open sockets read them again). */
const accessTold = () => vi.spyOn(t.app.cityops.access, 'changed');

const projectCount = () => t.handle.db.$count(projects);
const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function create(projectName: string, extra: Partial<CreateProject> = {}, token = admin) {
  const answer = await t.api(manage.create, { token, body: { projectName, ...extra } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, PROJECT), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const square = [
  { lng: 113.1, lat: 22.1 },
  { lng: 113.2, lat: 22.1 },
  { lng: 113.2, lat: 22.2 },
  { lng: 113.1, lat: 22.2 },
];

describe('insert and find', () => {
  it('creates a project with every field, the creator a member, and logs it', async () => {
    const lonerId = await t.createUser('pj_member', 'Member@123', ['message']);
    const answer = await t.api(manage.create, {
      token: admin,
      body: {
        projectName: '  测试-全字段项目 ',
        customer: '某市城管局',
        longitude: '113.93041',
        latitude: 22.53332,
        polygon: square,
        hosting: 'hosted',
        phase: 'implementing',
        implementedOn: '2025-01-01',
        deliveredOn: '2025-01-01',
        leader: '张三',
        leaderPhone: '13800138000',
        opsLeader: 'Li Si',
        opsLeaderPhone: '0755-26581234',
        remarks: '备注',
        userIds: [lonerId],
      },
    });
    expect(answer).toMatchObject({ status_code: 1, message: '新增成功' });
    const created = answer.data;
    expect(created).toMatchObject({
      projectName: '测试-全字段项目',
      customer: '某市城管局',
      longitude: 113.93041,
      latitude: 22.53332,
      polygon: square,
      hosting: 'hosted',
      phase: 'implementing',
      implementedOn: '2025-01-01',
      deliveredOn: '2025-01-01',
      leader: '张三',
      opsLeader: 'Li Si',
      memberCount: 2,
      editor: 'admin',
      userIds: [adminId, lonerId].sort((a, b) => a - b),
    });
    const found = await t.api(manage.find, { token: admin, params: { id: created?.projectId ?? 0 } });
    expect(found.data).toEqual(created);
    const entry = await lastLog('create');
    expect(entry).toMatchObject({ targetId: String(created?.projectId), targetName: '测试-全字段项目' });
    expect(entry?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customer' })]));
    // The member now has it among their own projects.
    const member = await t.token('pj_member', 'Member@123');
    const mine = await t.api(projectEndpoints.listByUser, { token: member, query: {} });
    expect(mine.data?.map((project) => project.projectName)).toEqual(['测试-全字段项目']);
  });

  it('refuses a taken name in any case, and names nothing written', async () => {
    await create('Case-Project');
    const before = await projectCount();
    expect(await t.api(manage.create, { token: admin, body: { projectName: 'case-PROJECT' } })).toEqual(
      refused('项目名称已存在'),
    );
    expect(await projectCount()).toBe(before);
  });

  it('refuses bad input naming the field or the spec text, writing nothing', async () => {
    const before = await projectCount();
    const cases: [Partial<CreateProject> & Record<string, unknown>, string | RegExp][] = [
      [{ projectName: '' }, /^参数projectName不合法/],
      [{ projectName: 'x'.repeat(201) }, /^参数projectName不合法/],
      [{ projectName: 'p', longitude: 181, latitude: 1 }, '请输入正确的经度，-180~180'],
      [{ projectName: 'p', longitude: '93.123456', latitude: 1 }, '请输入正确的经度，-180~180'],
      [{ projectName: 'p', longitude: 113, latitude: 91 }, '请输入正确的纬度，-90~90'],
      [{ projectName: 'p', longitude: 113 }, '请输入正确的纬度，-90~90'],
      [
        { projectName: 'p', implementedOn: '2025-02-01', deliveredOn: '2025-01-31' },
        '交付时间不能早于实施时间',
      ],
      [{ projectName: 'p', implementedOn: '2025-02-30' }, '日期格式应为YYYY-MM-DD'],
      [{ projectName: 'p', polygon: square.slice(0, 2) }, '项目范围须为3-2000个点围成的多边形，或不设置'],
      [{ projectName: 'p', leader: '张三3' }, '只能输入中文或英文字母'],
      [{ projectName: 'p', opsLeaderPhone: '12345' }, '请输入正确的手机号码或座机号码'],
      [{ projectName: 'p', customer: 'x'.repeat(51) }, /^参数customer不合法/],
      [{ projectName: 'p', remarks: 'x'.repeat(201) }, /^参数remarks不合法/],
      [{ projectName: 'p', phase: 'done' as never }, /^参数phase不合法/],
      [{ projectName: 'p', hosting: 'cloud' as never }, /^参数hosting不合法/],
      [{ projectName: 'p', memberCount: 3 }, /memberCount/],
    ];
    for (const [body, message] of cases) {
      const answer = await t.api(manage.create, { token: admin, body: body as CreateProject });
      expect(answer.status_code, JSON.stringify(body)).toBe(10001);
      expect(answer.message, JSON.stringify(body)).toMatch(message);
    }
    expect(
      await t.api(manage.create, { token: admin, body: { projectName: 'p', userIds: [999999] } }),
    ).toEqual(refused('所选用户不存在，请刷新后重试'));
    expect(await projectCount()).toBe(before);
  });

  it('answers a clear text for an unknown project', async () => {
    expect(await t.api(manage.find, { token: admin, params: { id: 999999 } })).toEqual(
      refused('项目不存在或已被删除，请刷新列表'),
    );
  });
});

describe('pageList', () => {
  it('lists every project to the page code holder, filtered by name and phase, sorted', async () => {
    await create('列表-甲', { phase: 'delivered' });
    await create('列表-乙', { phase: 'planning' });
    await create('列表-丙', { phase: 'delivered' });
    const page = await t.api(manage.page, {
      token: admin,
      body: { projectName: '列表-', phase: 'delivered', sortField: 'projectName', sortOrder: 'asc' },
    });
    expect(page.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 15 });
    expect(page.data?.list.map((row) => row.projectName)).toEqual(['列表-丙', '列表-甲'].sort());
    // A project nobody gave the admin is still listed: an administrator manages them all.
    const other = await t.createUser('pj_creator', 'Creator@123', [PROJECT, PROJECT_BUTTONS.add]);
    const creator = await t.token('pj_creator', 'Creator@123');
    await create('列表-别人的', {}, creator);
    const all = await t.api(manage.page, { token: admin, body: { projectName: '别人的' } });
    expect(all.data?.list).toEqual([expect.objectContaining({ projectName: '列表-别人的', memberCount: 1 })]);
    expect(other).toBeGreaterThan(0);
    const newest = await t.api(manage.page, { token: admin, body: {} });
    // Newest first by default.
    const times = newest.data?.list.map((row) => row.createdAt) ?? [];
    expect(times).toEqual([...times].sort().reverse());
    const bad = await t.api(manage.page, { token: admin, body: { sortField: 'remarks' as never } });
    expect(bad.message).toMatch(/^参数sortField不合法/);
  });
});

describe('update and updateLocation', () => {
  it('saves the form and its members; a leaving member loses the project', async () => {
    const memberId = await t.createUser('pj_leaver', 'Leaver@123', ['message']);
    const project = await create('更新-项目', { userIds: [memberId] });
    const told = accessTold();
    const answer = await t.api(manage.update, {
      token: admin,
      body: {
        projectId: project.projectId,
        projectName: '更新-项目2',
        phase: 'operating',
        userIds: [adminId],
      },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '保存成功',
      data: { projectName: '更新-项目2', phase: 'operating', userIds: [adminId], memberCount: 1 },
    });
    const member = await t.handle.db.$count(
      userProjects,
      and(eq(userProjects.projectId, project.projectId), eq(userProjects.userId, memberId)),
    );
    expect(member).toBe(0);
    expect(told).toHaveBeenCalledExactlyOnceWith([memberId]);
    const entry = await lastLog('update');
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'projectName', before: '更新-项目', after: '更新-项目2' },
        expect.objectContaining({ field: 'userIds' }),
      ]),
    );
  });

  it('keeps the members when the update leaves userIds out', async () => {
    const memberId = await t.createUser('pj_stayer', 'Stayer@123', ['message']);
    const project = await create('更新-保留成员', { userIds: [memberId] });
    const told = accessTold();
    const answer = await t.api(manage.update, {
      token: admin,
      body: { projectId: project.projectId, projectName: '更新-保留成员', remarks: '只改备注' },
    });
    expect(answer.data).toMatchObject({ remarks: '只改备注', userIds: project.userIds });
    expect(told).not.toHaveBeenCalled();
  });

  it('refuses another project’s name and an unknown project', async () => {
    const project = await create('更新-甲');
    await create('更新-乙');
    expect(
      await t.api(manage.update, {
        token: admin,
        body: { projectId: project.projectId, projectName: '更新-乙' },
      }),
    ).toEqual(refused('项目名称已存在'));
    expect(
      await t.api(manage.update, { token: admin, body: { projectId: 999999, projectName: 'x' } }),
    ).toEqual(refused('项目不存在或已被删除，请刷新列表'));
    // Its own name in another case is no clash.
    const renamed = await t.api(manage.update, {
      token: admin,
      body: { projectId: project.projectId, projectName: '更新-甲' },
    });
    expect(renamed.status_code).toBe(1);
  });

  it('saves the location from the picker and checks its coordinates and polygon', async () => {
    const project = await create('位置-项目');
    const saved = await t.api(manage.updateLocation, {
      token: admin,
      body: { projectId: project.projectId, longitude: 120.1, latitude: 30.2, polygon: square },
    });
    expect(saved).toMatchObject({
      status_code: 1,
      message: '项目位置已保存',
      data: { longitude: 120.1, latitude: 30.2, polygon: square, projectName: '位置-项目' },
    });
    expect((await lastLog('updateLocation'))?.targetId).toBe(String(project.projectId));
    const badPoint = await t.api(manage.updateLocation, {
      token: admin,
      body: {
        projectId: project.projectId,
        longitude: 120,
        latitude: 30,
        polygon: [...square, { lng: 190, lat: 1 }],
      },
    });
    expect(badPoint).toEqual(refused('请输入正确的经度，-180~180'));
    const tooMany = Array.from({ length: 2001 }, (_, i) => ({ lng: 113 + i / 10000, lat: 22 }));
    const many = await t.api(manage.updateLocation, {
      token: admin,
      body: { projectId: project.projectId, polygon: tooMany },
    });
    expect(many).toEqual(refused('项目范围须为3-2000个点围成的多边形，或不设置'));
    const bad = await t.api(manage.updateLocation, {
      token: admin,
      body: { projectId: project.projectId, longitude: -180.5, latitude: 1 },
    });
    expect(bad).toEqual(refused('请输入正确的经度，-180~180'));
    const found = await t.api(manage.find, { token: admin, params: { id: project.projectId } });
    expect(found.data).toMatchObject({ longitude: 120.1, latitude: 30.2 });
    // Cleared: no coordinates, no outline.
    const cleared = await t.api(manage.updateLocation, {
      token: admin,
      body: { projectId: project.projectId, longitude: '', latitude: null, polygon: [] },
    });
    expect(cleared.data).toMatchObject({ longitude: null, latitude: null, polygon: [] });
  });
});

describe('delete', () => {
  it('deletes the project with its plan and memberships; default projects fall back to none', async () => {
    const memberId = await t.createUser('pj_default', 'Default@123', ['message']);
    const project = await create('删除-项目', { userIds: [memberId] });
    await t.handle.db
      .update(users)
      .set({ defaultProjectId: project.projectId })
      .where(eq(users.id, memberId));
    await t.handle.db
      .insert(projectCycles)
      .values({ projectId: project.projectId, name: '一期', startDate: '2025-01-01', endDate: '2025-02-01' });
    const told = accessTold();
    const answer = await t.api(manage.delete, { token: admin, params: { id: project.projectId } });
    expect(answer).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(told.mock.calls.map(([userIds]) => [...(userIds ?? [])].sort())).toEqual([
      [adminId, memberId].sort(),
    ]);
    expect(await t.handle.db.$count(projects, eq(projects.id, project.projectId))).toBe(0);
    expect(await t.handle.db.$count(projectCycles, eq(projectCycles.projectId, project.projectId))).toBe(0);
    expect(await t.handle.db.$count(userProjects, eq(userProjects.projectId, project.projectId))).toBe(0);
    const [user] = await t.handle.db
      .select({ defaultProjectId: users.defaultProjectId })
      .from(users)
      .where(eq(users.id, memberId));
    expect(user?.defaultProjectId).toBeNull();
    expect(await lastLog('delete')).toMatchObject({ targetName: '删除-项目' });
    expect(await t.api(manage.delete, { token: admin, params: { id: project.projectId } })).toEqual(
      refused('项目不存在或已被删除，请刷新列表'),
    );
  });

  it('refuses a project that still has devices', async () => {
    const [withCamera] = await t.handle.db.select({ projectId: cameras.projectId }).from(cameras).limit(1);
    const projectId = withCamera?.projectId ?? 0;
    expect(await t.api(manage.delete, { token: admin, params: { id: projectId } })).toEqual(
      refused('该项目下还有设备，不能删除'),
    );
    expect(await t.handle.db.$count(projects, eq(projects.id, projectId))).toBe(1);
  });
});

describe('access', () => {
  it('answers 10500 without the permission and 10401 without a session', async () => {
    const project = await create('权限-项目');
    const noCodes = await t.createUser('pj_none', 'Nocode@123', ['message']);
    expect(noCodes).toBeGreaterThan(0);
    const none = await t.token('pj_none', 'Nocode@123');
    const before = await projectCount();
    const calls = [
      () => t.api(manage.page, { token: none, body: {} }),
      () => t.api(manage.find, { token: none, params: { id: project.projectId } }),
      () => t.api(manage.create, { token: none, body: { projectName: '权限-新' } }),
      () => t.api(manage.update, { token: none, body: { projectId: project.projectId, projectName: 'x' } }),
      () => t.api(manage.updateLocation, { token: none, body: { projectId: project.projectId } }),
      () => t.api(manage.delete, { token: none, params: { id: project.projectId } }),
    ];
    for (const call of calls) expect((await call()).status_code).toBe(10500);
    expect(await projectCount()).toBe(before);
    const anonymous = [
      () => t.api(manage.page, { body: {} }),
      () => t.api(manage.find, { params: { id: project.projectId } }),
      () => t.api(manage.create, { body: { projectName: '权限-新' } }),
      () => t.api(manage.delete, { params: { id: project.projectId } }),
    ];
    for (const call of anonymous) expect((await call()).status_code).toBe(10401);
  });

  it('lets a button holder without the page code change only projects they were given', async () => {
    await t.createUser('pj_editor', 'Editor@123', [
      PROJECT_BUTTONS.add,
      PROJECT_BUTTONS.edit,
      PROJECT_BUTTONS.location,
    ]);
    const editor = await t.token('pj_editor', 'Editor@123');
    const theirs = await create('可见-自己的', {}, editor);
    const notTheirs = await create('可见-别人的');
    const own = await t.api(manage.update, {
      token: editor,
      body: { projectId: theirs.projectId, projectName: '可见-自己的', userIds: theirs.userIds },
    });
    expect(own.status_code).toBe(1);
    const notVisible = refused('您不是该项目的成员，不能查看或修改该项目');
    expect(
      await t.api(manage.update, {
        token: editor,
        body: { projectId: notTheirs.projectId, projectName: 'x' },
      }),
    ).toEqual(notVisible);
    expect(
      await t.api(manage.updateLocation, { token: editor, body: { projectId: notTheirs.projectId } }),
    ).toEqual(notVisible);
    const [row] = await t.handle.db.select().from(projects).where(eq(projects.id, notTheirs.projectId));
    expect(row?.name).toBe('可见-别人的');
  });
});
