import { dictionaryEndpoints, organizationEndpoints, userEndpoints, type CreateOrg } from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictionary, organizations, roles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

async function create(name: string, extra: Partial<CreateOrg> = {}) {
  const answer = await t.api(organizationEndpoints.create, { token: admin, body: { name, ...extra } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const orgCount = () => t.handle.db.$count(organizations);
const names = (nodes: { name: string; children: unknown[] }[]): unknown[] =>
  nodes.map((node) =>
    node.children.length > 0 ? [node.name, names(node.children as typeof nodes)] : node.name,
  );

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'organization'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('orgList', () => {
  it('answers the tree, siblings by sort number then id, and filters by name keeping ancestors', async () => {
    const root = await create('树-总部', { sortNum: 5 });
    const first = await create('树-二部', { parentId: root.orgId, sortNum: 2 });
    await create('树-一部', { parentId: root.orgId, sortNum: 1 });
    await create('树-三部', { parentId: root.orgId, sortNum: 2 });
    await create('树-二部一组', { parentId: first.orgId });
    await create('树-分部', { sortNum: 1 });
    const tree = await t.api(organizationEndpoints.list, { token: admin, query: {} });
    expect(tree.status_code).toBe(1);
    expect(names(tree.data ?? [])).toEqual([
      '树-分部',
      ['树-总部', ['树-一部', ['树-二部', ['树-二部一组']], '树-三部']],
    ]);
    const filtered = await t.api(organizationEndpoints.list, { token: admin, query: { name: '一组' } });
    expect(names(filtered.data ?? [])).toEqual([['树-总部', [['树-二部', ['树-二部一组']]]]]);
    const options = await t.api(organizationEndpoints.options, { token: admin });
    expect(options.data?.find((node) => node.name === '树-总部')?.children.map((c) => c.name)).toEqual([
      '树-一部',
      '树-二部',
      '树-三部',
    ]);
  });
});

describe('access', () => {
  it('refuses without the permission (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const calls = [
      t.api(organizationEndpoints.list, { token: operator, query: {} }),
      t.api(organizationEndpoints.options, { token: operator }),
      t.api(organizationEndpoints.create, { token: operator, body: { name: 'x' } }),
      t.api(organizationEndpoints.update, { token: operator, body: { orgId: 1, name: 'x' } }),
      t.api(organizationEndpoints.delete, { token: operator, body: { orgId: 1 } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status_code).toBe(10500);
    const anonymous = [
      t.api(organizationEndpoints.list, { query: {} }),
      t.api(organizationEndpoints.options, {}),
      t.api(organizationEndpoints.create, { body: { name: 'x' } }),
      t.api(organizationEndpoints.update, { body: { orgId: 1, name: 'x' } }),
      t.api(organizationEndpoints.delete, { body: { orgId: 1 } }),
    ];
    for (const answer of await Promise.all(anonymous)) expect(answer.status_code).toBe(10401);
  });

  it('checks the page code for the list and each button code for its action', async () => {
    await t.createUser('org_viewer', 'Viewer@123', ['organization']);
    const viewer = await t.token('org_viewer', 'Viewer@123');
    expect((await t.api(organizationEndpoints.list, { token: viewer, query: {} })).status_code).toBe(1);
    expect((await t.api(organizationEndpoints.options, { token: viewer })).status_code).toBe(10500);
    expect(
      (await t.api(organizationEndpoints.create, { token: viewer, body: { name: 'nope' } })).status_code,
    ).toBe(10500);
    await t.createUser('org_user_admin', 'Viewer@123', ['userManage']);
    const userAdmin = await t.token('org_user_admin', 'Viewer@123');
    expect((await t.api(organizationEndpoints.options, { token: userAdmin })).status_code).toBe(1);
    expect((await t.api(organizationEndpoints.list, { token: userAdmin, query: {} })).status_code).toBe(
      10500,
    );
    await t.createUser('org_adder', 'Viewer@123', ['organization_add']);
    const adder = await t.token('org_adder', 'Viewer@123');
    const added = await t.api(organizationEndpoints.create, { token: adder, body: { name: '按钮新增' } });
    expect(added.status_code).toBe(1);
    expect(
      (await t.api(organizationEndpoints.delete, { token: adder, body: { orgId: added.data?.orgId ?? 0 } }))
        .status_code,
    ).toBe(10500);
  });
});

describe('insert', () => {
  it('creates an organization with every field and logs it', async () => {
    const row = await create('全字段', {
      longitude: '116.3974',
      latitude: 39.90923,
      orgType: 'maintenance',
      projectStart: '2026-01-01',
      projectEnd: '2026-12-31',
      responsible: '王五',
      phone: '13800138000',
      peopleCount: 12,
      departmentCount: 3,
      remarks: '备注',
      sortNum: 999,
    });
    expect(row).toMatchObject({
      name: '全字段',
      parentId: null,
      longitude: 116.3974,
      latitude: 39.90923,
      orgType: 'maintenance',
      projectStart: '2026-01-01',
      projectEnd: '2026-12-31',
      responsible: '王五',
      peopleCount: 12,
      departmentCount: 3,
      userCount: 0,
      editor: 'admin',
    });
    const entry = await lastLog('create');
    expect(entry).toMatchObject({ account: 'admin', targetName: '全字段', outcome: 'success' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([{ field: 'orgType', before: null, after: 'maintenance' }]),
    );
  });

  it('treats empty inputs as not given', async () => {
    const row = await create('空字段', { longitude: '', latitude: '', projectStart: '', projectEnd: null });
    expect(row).toMatchObject({ longitude: null, latitude: null, projectStart: null, projectEnd: null });
  });

  it.each([
    ['longitude out of range', { longitude: 181, latitude: 30 }, '请输入正确的经度，-180~180'],
    [
      'longitude with 6 decimals below 100',
      { longitude: '99.123456', latitude: 30 },
      '请输入正确的经度，-180~180',
    ],
    ['longitude not a number', { longitude: 'east', latitude: 30 }, '请输入正确的经度，-180~180'],
    ['latitude out of range', { longitude: 120, latitude: -90.5 }, '请输入正确的纬度，-90~90'],
    ['longitude without latitude', { longitude: 120 }, '请输入正确的纬度，-90~90'],
    ['latitude without longitude', { latitude: 30 }, '请输入正确的经度，-180~180'],
    [
      'end before start',
      { projectStart: '2026-05-02', projectEnd: '2026-05-01' },
      '结束时间必须晚于开始时间',
    ],
    [
      'end equal to start',
      { projectStart: '2026-05-02', projectEnd: '2026-05-02' },
      '结束时间必须晚于开始时间',
    ],
    ['no calendar day', { projectStart: '2026-02-30' }, '日期格式应为YYYY-MM-DD'],
    ['responsible with digits', { responsible: '王5' }, '只能输入中文或英文字母'],
    ['phone', { phone: '12345' }, '请输入正确的手机号码或座机号码'],
    ['sort number', { sortNum: 1000 }, '排序号必须小于1000'],
    ['unknown type', { orgType: 'no_such_type' }, '所选组织类型不存在或已停用，请刷新后重试'],
    ['unknown parent', { parentId: 999_999 }, '所选上级组织不存在，请刷新后重试'],
  ])('refuses %s with the spec text and writes nothing', async (_, extra, message) => {
    const before = await orgCount();
    const answer = await t.api(organizationEndpoints.create, {
      token: admin,
      body: { name: `坏-${_}`, ...extra } as CreateOrg,
    });
    expect(answer).toEqual({ status_code: 10001, message, data: null });
    expect(await orgCount()).toBe(before);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['peopleCount', { peopleCount: -1 }],
    ['departmentCount', { departmentCount: 1_000_001 }],
    ['peopleCount', { peopleCount: 1.5 }],
    ['remarks', { remarks: 'x'.repeat(201) }],
  ])('refuses a bad %s naming the field', async (field, extra) => {
    const before = await orgCount();
    const answer = await t.api(organizationEndpoints.create, {
      token: admin,
      body: { name: '字段', ...extra } as CreateOrg,
    });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(field);
    expect(await orgCount()).toBe(before);
  });

  it('accepts the longitude rule at its limits', async () => {
    await create('经度上限', { longitude: '179.1234567890', latitude: '-90' });
    await create('经度下限', { longitude: -180, latitude: 90 });
  });

  it('refuses a name a sibling has (ignoring case) but allows it under another parent', async () => {
    const parent = await create('同名上级');
    await create('Team', { parentId: parent.orgId });
    const before = await orgCount();
    const answer = await t.api(organizationEndpoints.create, {
      token: admin,
      body: { name: 'team', parentId: parent.orgId },
    });
    expect(answer).toEqual({ status_code: 10001, message: '同一上级组织下已有同名组织', data: null });
    expect(await orgCount()).toBe(before);
    await create('Team');
  });

  it('refuses a disabled organization type', async () => {
    await t.handle.db
      .update(dictionary)
      .set({ enabled: false })
      .where(and(eq(dictionary.dicCode, 'org_type'), eq(dictionary.itemCode, 'institution')));
    const answer = await t.api(organizationEndpoints.create, {
      token: admin,
      body: { name: '停用类型', orgType: 'institution' },
    });
    expect(answer.message).toBe('所选组织类型不存在或已停用，请刷新后重试');
    await t.handle.db
      .update(dictionary)
      .set({ enabled: true })
      .where(and(eq(dictionary.dicCode, 'org_type'), eq(dictionary.itemCode, 'institution')));
  });
});

describe('update', () => {
  it('saves the form and logs before and after', async () => {
    const row = await create('改前', { responsible: '张三' });
    const answer = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: row.orgId, name: '改后', responsible: 'Li Si', peopleCount: 8 },
    });
    expect(answer).toMatchObject({ status_code: 1, message: '保存成功' });
    expect(answer.data).toMatchObject({ name: '改后', responsible: 'Li Si', peopleCount: 8 });
    const entry = await lastLog('update');
    expect(entry).toMatchObject({ targetName: '改前', targetId: String(row.orgId) });
    expect(entry?.changes).toEqual([
      { field: 'name', before: '改前', after: '改后' },
      { field: 'responsible', before: '张三', after: 'Li Si' },
      { field: 'peopleCount', before: null, after: 8 },
    ]);
  });

  it('refuses itself or a descendant as the parent, and changes nothing', async () => {
    const top = await create('环-顶');
    const middle = await create('环-中', { parentId: top.orgId });
    const bottom = await create('环-底', { parentId: middle.orgId });
    for (const parentId of [top.orgId, middle.orgId, bottom.orgId]) {
      const answer = await t.api(organizationEndpoints.update, {
        token: admin,
        body: { orgId: top.orgId, name: '环-顶', parentId },
      });
      expect(answer).toEqual({
        status_code: 10001,
        message: '上级组织不能是该组织本身或其下级组织',
        data: null,
      });
    }
    const [stored] = await t.handle.db.select().from(organizations).where(eq(organizations.id, top.orgId));
    expect(stored?.parentId).toBeNull();
    const moved = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: bottom.orgId, name: '环-底', parentId: top.orgId },
    });
    expect(moved.data?.parentId).toBe(top.orgId);
  });

  it('keeps a type that was disabled after it was chosen, but refuses choosing it anew', async () => {
    const row = await create('旧类型', { orgType: 'government' });
    await t.handle.db
      .update(dictionary)
      .set({ enabled: false })
      .where(and(eq(dictionary.dicCode, 'org_type'), eq(dictionary.itemCode, 'government')));
    const kept = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: row.orgId, name: '旧类型改名', orgType: 'government' },
    });
    expect(kept.status_code).toBe(1);
    const other = await create('新类型', { orgType: 'enterprise' });
    const refused = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: other.orgId, name: '新类型', orgType: 'government' },
    });
    expect(refused.message).toBe('所选组织类型不存在或已停用，请刷新后重试');
    await t.handle.db
      .update(dictionary)
      .set({ enabled: true })
      .where(and(eq(dictionary.dicCode, 'org_type'), eq(dictionary.itemCode, 'government')));
  });

  it('refuses end before start and a missing organization', async () => {
    const row = await create('期间');
    const answer = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: row.orgId, name: '期间', projectStart: '2026-03-01', projectEnd: '2025-03-01' },
    });
    expect(answer.message).toBe('结束时间必须晚于开始时间');
    const gone = await t.api(organizationEndpoints.update, {
      token: admin,
      body: { orgId: 999_999, name: '无' },
    });
    expect(gone).toEqual({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表', data: null });
  });
});

describe('delete', () => {
  it('deletes an organization without sub-organizations or users, and logs it', async () => {
    const row = await create('可删');
    const answer = await t.api(organizationEndpoints.delete, { token: admin, body: { orgId: row.orgId } });
    expect(answer).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(await t.handle.db.$count(organizations, eq(organizations.id, row.orgId))).toBe(0);
    expect(await lastLog('delete')).toMatchObject({ targetName: '可删', outcome: 'success' });
  });

  it('refuses while sub-organizations or users remain, with the counts', async () => {
    const parent = await create('占用');
    await create('占用-子1', { parentId: parent.orgId });
    await create('占用-子2', { parentId: parent.orgId });
    const [role] = await t.handle.db.select({ id: roles.id }).from(roles).limit(1);
    const user = await t.api(userEndpoints.create, {
      token: admin,
      body: {
        userName: 'org_member',
        password: 'Start@123',
        name: '成员',
        roleIds: [role?.id ?? 0],
        orgId: parent.orgId,
      },
    });
    expect(user.status_code).toBe(1);
    const answer = await t.api(organizationEndpoints.delete, { token: admin, body: { orgId: parent.orgId } });
    expect(answer).toEqual({
      status_code: 10001,
      message: '该组织下还有2个下级组织、1个用户，不能删除',
      data: null,
    });
    expect(await t.handle.db.$count(organizations, eq(organizations.id, parent.orgId))).toBe(1);
    const tree = await t.api(organizationEndpoints.list, { token: admin, query: { name: '占用' } });
    expect(tree.data?.[0]).toMatchObject({ name: '占用', userCount: 1 });
  });

  it('refuses a missing organization and a bad id', async () => {
    const gone = await t.api(organizationEndpoints.delete, { token: admin, body: { orgId: 999_999 } });
    expect(gone.message).toBe('记录不存在或已被删除，请刷新列表');
    const bad = await t.api(organizationEndpoints.delete, { token: admin, body: { orgId: 0 } });
    expect(bad.status_code).toBe(10001);
    expect(bad.message).toContain('orgId');
  });

  it('refuses deleting an organization type that organizations use', async () => {
    await create('类型占用', { orgType: 'department' });
    const page = await t.api(dictionaryEndpoints.itemPage, { token: admin, body: { dicCode: 'org_type' } });
    const item = page.data?.list.find((row) => row.itemCode === 'department');
    const answer = await t.api(dictionaryEndpoints.itemDelete, {
      token: admin,
      body: { itemId: item?.itemId ?? 0 },
    });
    expect(answer.message).toBe('该字典项正被1个组织使用，不能删除，可改为停用');
  });
});
