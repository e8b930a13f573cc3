import {
  authEndpoints,
  resourceEndpoints,
  roleEndpoints,
  type CreateResource,
  type PermissionNode,
  type ResourceRow,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, resources, roleResources, roles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let adminRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const [role] = await t.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
  adminRoleId = role?.id ?? 0;
});
afterAll(() => t.close());

const resourceCount = async () => t.handle.db.$count(resources);

async function idOf(code: string) {
  const [row] = await t.handle.db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.code, code));
  if (!row) throw new Error(`no resource ${code}`);
  return row.id;
}

const form = (code: string, extra: Partial<CreateResource> = {}): CreateResource => ({
  name: `名称${code}`,
  code,
  type: 2,
  url: `/admin/${code}`,
  sortNum: 10,
  icon: '',
  ...extra,
});

async function create(code: string, extra: Partial<CreateResource> = {}) {
  const answer = await t.api(resourceEndpoints.insert, { token: admin, body: form(code, extra) });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'authority'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const flatten = (nodes: PermissionNode[]): PermissionNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children)]);

describe('access', () => {
  it('refuses every endpoint without the permission (10500) and without a session (10401)', async () => {
    await t.createUser('resviewer_no', 'Viewer@123', ['roleManage']);
    const operator = await t.token('operator', 'Operator@123');
    const other = await t.token('resviewer_no', 'Viewer@123');
    for (const token of [operator, other, undefined]) {
      const calls = [
        t.api(resourceEndpoints.listAll, { token, body: {} }),
        t.api(resourceEndpoints.insert, { token, body: form('nope') }),
        t.api(resourceEndpoints.update, { token, body: { ...form('nope'), id: 1 } }),
        t.api(resourceEndpoints.updatePublicRes, { token, body: { resourceIds: [] } }),
        t.api(resourceEndpoints.delete, { token, params: { id: 1 } }),
        t.api(resourceEndpoints.queryPublicRes, { token }),
        t.api(resourceEndpoints.getUrlList, { token }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.status_code).toBe(token ? 10500 : 10401);
    }
  });

  it('lets the page code read the tree but each change needs its button code', async () => {
    await t.createUser('resviewer', 'Viewer@123', ['authority']);
    const viewer = await t.token('resviewer', 'Viewer@123');
    expect((await t.api(resourceEndpoints.listAll, { token: viewer })).status_code).toBe(1);
    expect((await t.api(resourceEndpoints.getUrlList, { token: viewer })).status_code).toBe(1);
    expect((await t.api(resourceEndpoints.insert, { token: viewer, body: form('nope3') })).status_code).toBe(
      10500,
    );
    expect((await t.api(resourceEndpoints.delete, { token: viewer, params: { id: 1 } })).status_code).toBe(
      10500,
    );
  });
});

describe('listAll', () => {
  it('answers the whole tree nested in menu order, unchecked', async () => {
    const answer = await t.api(resourceEndpoints.listAll, { token: admin, body: {} });
    const nodes = flatten(answer.data ?? []);
    expect(nodes.length).toBe(await resourceCount());
    expect(nodes.some((node) => node.checked)).toBe(false);
    const system = answer.data?.find((node) => node.code === 'admin');
    expect(system).toMatchObject({ parentId: 0, type: 0, level: 0 });
    const roleManage = system?.children.find((node) => node.code === 'roleManage');
    expect(roleManage?.children.map((node) => node.code)).toEqual([
      'roleManage_add',
      'roleManage_edit',
      'roleManage_delete',
      'roleManage_assignPermission',
    ]);
    const sorts = system?.children.map((node) => node.sortNum) ?? [];
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('filters by name or code, keeping the ancestors of matches', async () => {
    const answer = await t.api(resourceEndpoints.listAll, { token: admin, body: { code: 'ROLEMANAGE_ADD' } });
    expect(answer.data?.map((node) => node.code)).toEqual(['admin']);
    expect(flatten(answer.data ?? []).map((node) => node.code)).toEqual([
      'admin',
      'roleManage',
      'roleManage_add',
    ]);
    const byName = await t.api(resourceEndpoints.listAll, { token: admin, body: { name: '分配权限' } });
    expect(flatten(byName.data ?? []).at(-1)?.code).toBe('roleManage_assignPermission');
  });

  it('answers the page URLs of the route table', async () => {
    const answer = await t.api(resourceEndpoints.getUrlList, { token: admin });
    expect(answer.data).toEqual(
      expect.arrayContaining([
        { url: '/admin/roleManage', code: 'roleManage', title: '角色管理', titleEn: expect.any(String) },
      ]),
    );
    expect(answer.data?.some((page) => page.url === '/login')).toBe(false);
  });
});

describe('insert', () => {
  it('creates an item under its parent, gives it to the admin role and logs it', async () => {
    const parentId = await idOf('admin');
    const row = await create('newPage', { parentId, sortNum: 999, icon: 'StarOutlined' });
    expect(row).toMatchObject({ parentId, level: 1, sortNum: 999, isPublic: false, code: 'newPage' });
    expect(
      await t.handle.db.$count(
        roleResources,
        and(eq(roleResources.roleId, adminRoleId), eq(roleResources.resourceId, row.id)),
      ),
    ).toBe(1);
    const entry = await lastLog('create');
    expect(entry).toMatchObject({ targetName: 'newPage', account: 'admin' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([{ field: 'code', before: null, after: 'newPage' }]),
    );
    const root = await create('newRoot', { type: 0 });
    expect(root).toMatchObject({ parentId: 0, level: 0 });
  });

  it('refuses a code that exists ignoring case, writing nothing', async () => {
    const before = await resourceCount();
    const answer = await t.api(resourceEndpoints.insert, { token: admin, body: form('ROLEMANAGE') });
    expect(answer).toEqual({ status_code: 10001, message: '权限编码已存在（不区分大小写）', data: null });
    expect(await resourceCount()).toBe(before);
  });

  it.each([
    ['a sort number of 1000', { sortNum: 1000 }, '排序号必须小于1000'],
    ['an empty name', { name: '' }, '请输入权限名称'],
    ['an empty code', { code: ' ' }, '请输入权限编码'],
    ['a code with spaces', { code: 'a b' }, '权限编码只能包含字母、数字、下划线或中划线'],
    ['a type of 7', { type: 7 }, 'type'],
    ['a name over 100', { name: 'x'.repeat(101) }, 'name'],
    ['a URL over 100', { url: `/${'x'.repeat(100)}` }, 'url'],
    ['an icon over 100', { icon: 'x'.repeat(101) }, 'icon'],
    ['a javascript: link', { type: 3, url: 'javascript:alert(document.cookie)' }, '访问地址只能是'],
    ['a data: link', { type: 3, url: ' data:text/html,x' }, '访问地址只能是'],
    ['an unknown parent', { parentId: 999_999 }, '上级权限不存在，请刷新后重试'],
  ])('refuses %s with 10001, writing nothing', async (_, extra, message) => {
    const before = await resourceCount();
    const answer = await t.api(resourceEndpoints.insert, { token: admin, body: form('badInput', extra) });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(message);
    expect(await resourceCount()).toBe(before);
  });
});

describe('update', () => {
  it('saves the fields and logs before and after', async () => {
    const row = await create('editRes');
    const answer = await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('editRes'), id: row.id, name: '改过的名字', sortNum: 20 },
    });
    expect(answer.data).toMatchObject({ name: '改过的名字', sortNum: 20 });
    const entry = await lastLog('update');
    expect(entry?.changes).toEqual([
      { field: 'name', before: '名称editRes', after: '改过的名字' },
      { field: 'sortNum', before: 10, after: 20 },
    ]);
  });

  it('refuses another item’s code ignoring case (the index decides), changing nothing', async () => {
    const row = await create('codeA');
    const answer = await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('USERMANAGE'), id: row.id, name: '不会保存' },
    });
    expect(answer).toEqual({ status_code: 10001, message: '权限编码已存在（不区分大小写）', data: null });
    const [stored] = await t.handle.db.select().from(resources).where(eq(resources.id, row.id));
    expect(stored).toMatchObject({ code: 'codeA', name: '名称codeA' });
  });

  it('moves an item with its subtree, keeping levels, and refuses a cycle', async () => {
    const group = await create('moveGroup', { type: 1 });
    const page = await create('movePage', { parentId: group.id });
    const button = await create('movePage_do', { parentId: page.id, type: 4 });
    expect(button.level).toBe(2);
    const cycle = await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('moveGroup', { type: 1 }), id: group.id, parentId: button.id },
    });
    expect(cycle).toMatchObject({ status_code: 10001, message: '上级权限不能是它自己或它的下级' });
    const system = await idOf('admin');
    await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('moveGroup', { type: 1 }), id: group.id, parentId: system },
    });
    const [stored] = await t.handle.db.select().from(resources).where(eq(resources.id, button.id));
    expect(stored?.level).toBe(3);
  });

  it('refuses a sort number of 1000 with the spec’s text', async () => {
    const row = await create('sortRes');
    const answer = await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('sortRes'), id: row.id, sortNum: 1000 },
    });
    expect(answer).toEqual({ status_code: 10001, message: '排序号必须小于1000', data: null });
  });
});

describe('delete', () => {
  it('takes the id from the path, deletes a leaf a role holds and logs the holders', async () => {
    const leaf = await create('heldLeaf');
    const answer = await t.api(resourceEndpoints.delete, { token: admin, params: { id: leaf.id } });
    expect(answer).toMatchObject({ status_code: 1, message: '删除成功' });
    expect(await t.handle.db.$count(resources, eq(resources.id, leaf.id))).toBe(0);
    expect(await t.handle.db.$count(roleResources, eq(roleResources.resourceId, leaf.id))).toBe(0);
    expect(await lastLog('delete')).toMatchObject({
      targetName: 'heldLeaf',
      detail: 'held by roles: 超级管理员',
    });
  });

  it('refuses an item with children, naming how many, deleting nothing', async () => {
    const before = await resourceCount();
    const answer = await t.api(resourceEndpoints.delete, {
      token: admin,
      params: { id: await idOf('roleManage') },
    });
    expect(answer).toEqual({
      status_code: 10001,
      message: '该权限下还有4个子权限，请先删除子权限',
      data: null,
    });
    expect(await resourceCount()).toBe(before);
  });

  it('refuses a bad or unknown id', async () => {
    const bad = await t.call('POST', '/api/sys/resources/abc/delete', { token: admin, body: {} });
    expect(bad.json.status_code).toBe(10001);
    expect(bad.json.message).toContain('id');
    const unknown = await t.api(resourceEndpoints.delete, { token: admin, params: { id: 987_654 } });
    expect(unknown).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });
});

describe('public resources', () => {
  it('gives every signed-in user, even one without a role, the public pages and their ancestors', async () => {
    await t.createUser('norole', 'NoRole@123');
    expect((await t.login('norole', 'NoRole@123')).status_code).toBe(10500);

    const dictionaryId = await idOf('dictionary');
    const answer = await t.api(resourceEndpoints.updatePublicRes, {
      token: admin,
      body: { resourceIds: [dictionaryId] },
    });
    expect(answer.status_code).toBe(1);
    expect(answer.data?.map((row) => row.code).sort()).toEqual(['admin', 'dictionary']);
    const listed = await t.api(resourceEndpoints.queryPublicRes, { token: admin });
    expect(listed.data?.map((row) => row.code).sort()).toEqual(['admin', 'dictionary']);
    expect((await lastLog('updatePublic'))?.changes).toEqual([
      { field: 'added', before: null, after: 'admin,dictionary' },
    ]);

    const token = await t.token('norole', 'NoRole@123');
    const permissions = await t.api(authEndpoints.userPermissions, { token });
    expect(permissions.data?.menus.map((menu) => menu.code).sort()).toEqual(['admin', 'dictionary']);

    // Not public any more: the next permission load no longer has it.
    await t.api(resourceEndpoints.updatePublicRes, { token: admin, body: { resourceIds: [] } });
    const after = await t.api(authEndpoints.userPermissions, { token });
    expect(after.data?.menus).toEqual([]);
    expect((await t.api(resourceEndpoints.queryPublicRes, { token: admin })).data).toEqual([]);
  });

  it('lets a public button code pass the server’s permission check', async () => {
    await t.createUser('pubcheck', 'PubCheck@123', ['roleManage']);
    const token = await t.token('pubcheck', 'PubCheck@123');
    expect((await t.api(roleEndpoints.create, { token, body: { name: '公共新增' } })).status_code).toBe(
      10500,
    );
    await t.api(resourceEndpoints.updatePublicRes, {
      token: admin,
      body: { resourceIds: [await idOf('roleManage_add')] },
    });
    expect((await t.api(roleEndpoints.create, { token, body: { name: '公共新增' } })).status_code).toBe(1);
    await t.api(resourceEndpoints.updatePublicRes, { token: admin, body: { resourceIds: [] } });
  });

  it('refuses unknown ids or a bad list, changing nothing', async () => {
    const unknown = await t.api(resourceEndpoints.updatePublicRes, {
      token: admin,
      body: { resourceIds: [999_999] },
    });
    expect(unknown).toEqual({ status_code: 10001, message: '所选权限不存在，请刷新后重试', data: null });
    const bad = await t.api(resourceEndpoints.updatePublicRes, {
      token: admin,
      body: { ids: [1] } as unknown as { resourceIds: number[] },
    });
    expect(bad.status_code).toBe(10001);
    expect(await t.handle.db.$count(resources, eq(resources.isPublic, true))).toBe(0);
  });

  it('keeps a moved public item reachable: its new ancestors become public too', async () => {
    const group = await create('pubGroup', { type: 1 });
    const page = await create('pubPage');
    await t.api(resourceEndpoints.updatePublicRes, { token: admin, body: { resourceIds: [page.id] } });
    await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('pubPage'), id: page.id, parentId: group.id },
    });
    const listed = await t.api(resourceEndpoints.queryPublicRes, { token: admin });
    expect(listed.data?.map((row) => row.code).sort()).toEqual(['pubGroup', 'pubPage']);
    await t.api(resourceEndpoints.updatePublicRes, { token: admin, body: { resourceIds: [] } });
  });
});

describe('roles follow moves', () => {
  it('gives a role holding a moved item its new ancestors', async () => {
    const group = await create('roleGroup', { type: 1 });
    const page = await create('rolePage');
    const [role] = await t.handle.db.insert(roles).values({ code: 'mover', name: '移动' }).returning();
    await t.handle.db.insert(roleResources).values({ roleId: role?.id ?? 0, resourceId: page.id });
    await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...form('rolePage'), id: page.id, parentId: group.id },
    });
    const held = await t.handle.db
      .select({ id: roleResources.resourceId })
      .from(roleResources)
      .where(eq(roleResources.roleId, role?.id ?? 0));
    expect(held.map((row) => row.id).sort()).toEqual([group.id, page.id].sort());
  });
});

describe('grant scope: a non-administrator changes only what they hold', () => {
  let editor: string;
  let editorRoleId: number;
  const named = async (code: string) => {
    const [row] = await t.handle.db.select().from(resources).where(eq(resources.code, code));
    if (!row) throw new Error(`no resource ${code}`);
    return row;
  };
  const publicCodes = async () =>
    (await t.handle.db.select().from(resources).where(eq(resources.isPublic, true)))
      .map((row) => row.code)
      .sort();

  beforeAll(async () => {
    await t.createUser('scopeeditor', 'Scope@123', [
      'authority',
      'authority_add',
      'authority_edit',
      'authority_delete',
      'dictionary',
    ]);
    editor = await t.token('scopeeditor', 'Scope@123');
    const [role] = await t.handle.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'test_scopeeditor'));
    editorRoleId = role?.id ?? 0;
  });

  it('refuses publishing what they do not hold, and un-publishing what their roles do not hold', async () => {
    const project = await named('project');
    const publish = (resourceIds: number[], token = editor) =>
      t.api(resourceEndpoints.updatePublicRes, { token, body: { resourceIds } });
    expect(await publish([project.id])).toEqual({
      status_code: 10001,
      message: `只能公开或取消公开您的角色拥有的权限，不能更改：${project.name}`,
      data: null,
    });
    expect(await publicCodes()).toEqual([]);

    // The administrator made a page public the editor holds only because it is public now.
    const roleManage = await named('roleManage');
    expect((await publish([roleManage.id], admin)).status_code).toBe(1);
    const unpublish = await publish([]);
    expect(unpublish).toMatchObject({
      status_code: 10001,
      message: expect.stringContaining(roleManage.name),
    });
    expect(await publicCodes()).toEqual(['admin', 'roleManage']);

    // Their own page they may publish, leaving the administrator's choice as it was.
    const dictionary = await named('dictionary');
    expect((await publish([roleManage.id, dictionary.id])).status_code).toBe(1);
    expect(await publicCodes()).toEqual(['admin', 'dictionary', 'roleManage']);
    expect((await publish([roleManage.id])).status_code).toBe(1);
    // The administrator may do either.
    expect((await publish([project.id], admin)).status_code).toBe(1);
    expect((await publish([], admin)).status_code).toBe(1);
    expect(await publicCodes()).toEqual([]);
  });

  it('refuses renaming a code, even of a held item; the administrator may', async () => {
    const dictionary = await named('dictionary');
    const body = { ...asForm(dictionary), code: 'project2' };
    const renamed = await t.api(resourceEndpoints.update, { token: editor, body });
    expect(renamed).toEqual({ status_code: 10001, message: '只有超级管理员可以修改权限编码', data: null });
    expect((await named('dictionary')).code).toBe('dictionary');

    // Same code, another name: a held item's other fields are theirs to edit.
    const edited = await t.api(resourceEndpoints.update, {
      token: editor,
      body: { ...asForm(dictionary), name: '字典（改）' },
    });
    expect(edited.status_code).toBe(1);
    await t.api(resourceEndpoints.update, { token: editor, body: asForm(dictionary) });

    const byAdmin = await create('adminRenames');
    const answer = await t.api(resourceEndpoints.update, {
      token: admin,
      body: { ...asForm(byAdmin), code: 'adminRenamed' },
    });
    expect(answer.data?.code).toBe('adminRenamed');
  });

  it('refuses editing, moving, placing under or deleting what they do not hold', async () => {
    const project = await named('project');
    const edit = await t.api(resourceEndpoints.update, {
      token: editor,
      body: { ...asForm(project), name: '我的项目' },
    });
    expect(edit).toEqual({
      status_code: 10001,
      message: `不能修改您自己没有的权限：${project.name}`,
      data: null,
    });

    const dictionary = await named('dictionary');
    const under = await t.api(resourceEndpoints.update, {
      token: editor,
      body: { ...asForm(dictionary), parentId: project.id },
    });
    expect(under).toMatchObject({
      status_code: 10001,
      message: `不能放在您没有的上级权限下：${project.name}`,
    });
    const added = await t.api(resourceEndpoints.insert, {
      token: editor,
      body: form('scopeUnder', { parentId: project.id }),
    });
    expect(added).toMatchObject({
      status_code: 10001,
      message: `不能放在您没有的上级权限下：${project.name}`,
    });

    // A group they hold (above a page of theirs) with a page they do not hold below it.
    const group = await create('scopeGroup', { type: 1, parentId: await idOf('admin') });
    const held = await create('scopeHeld', { parentId: group.id });
    const other = await create('scopeOther', { parentId: group.id });
    await t.handle.db.insert(roleResources).values({ roleId: editorRoleId, resourceId: held.id });
    const moved = await t.api(resourceEndpoints.update, {
      token: editor,
      body: { ...asForm(group), parentId: 0 },
    });
    expect(moved).toMatchObject({
      status_code: 10001,
      message: `其下有您没有的权限，不能移动：${other.name}`,
    });
    expect((await named('scopeGroup')).parentId).toBe(await idOf('admin'));

    const deleted = await t.api(resourceEndpoints.delete, { token: editor, params: { id: other.id } });
    expect(deleted).toMatchObject({ status_code: 10001, message: `不能删除您自己没有的权限：${other.name}` });
    // What they hold they may move and delete; the administrator anything.
    const mine = await t.api(resourceEndpoints.insert, {
      token: editor,
      body: form('scopeMine', { parentId: held.id, type: 4 }),
    });
    expect(mine.status_code).toBe(1);
    expect(
      (await t.api(resourceEndpoints.delete, { token: admin, params: { id: other.id } })).status_code,
    ).toBe(1);
    const movedNow = await t.api(resourceEndpoints.update, {
      token: editor,
      body: { ...asForm(held), parentId: 0 },
    });
    expect(movedNow.status_code).toBe(10001);
    expect(movedNow.message).toContain('scopeMine');
    expect(
      (await t.api(resourceEndpoints.delete, { token: admin, params: { id: mine.data?.id ?? 0 } }))
        .status_code,
    ).toBe(1);
    expect(
      (await t.api(resourceEndpoints.update, { token: editor, body: { ...asForm(held), parentId: 0 } }))
        .status_code,
    ).toBe(1);
    expect(
      (await t.api(resourceEndpoints.delete, { token: editor, params: { id: held.id } })).status_code,
    ).toBe(1);
  });
});

/** A stored row as the update form sends it back. */
function asForm(row: ResourceRow | typeof resources.$inferSelect) {
  return {
    id: row.id,
    parentId: row.parentId ?? 0,
    name: row.name,
    code: row.code,
    type: row.type,
    url: row.url,
    sortNum: row.sortNum,
    icon: row.icon,
  };
}
