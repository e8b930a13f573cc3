import { authEndpoints, dictionaryEndpoints, type CreateDicItem } from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictionary, dictionaryTypes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

async function createType(code: string, name = `类型${code}`) {
  const answer = await t.api(dictionaryEndpoints.typeCreate, { token: admin, body: { code, name } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

async function createItem(dicCode: string, itemCode: string, extra: Partial<CreateDicItem> = {}) {
  const answer = await t.api(dictionaryEndpoints.itemCreate, {
    token: admin,
    body: { dicCode, itemCode, itemName: `项${itemCode}`, ...extra },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const typeCount = () => t.handle.db.$count(dictionaryTypes);
const itemCount = () => t.handle.db.$count(dictionary);
const lookUp = async (dicCode: string) =>
  (await t.api(authEndpoints.dictionary, { token: admin, query: { dicCode } })).data?.map(
    (item) => item.itemCode,
  );

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'dictionary'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('access', () => {
  it('refuses every page endpoint without the permission (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const calls = (token?: string) => [
      t.api(dictionaryEndpoints.typePage, { token, body: {} }),
      t.api(dictionaryEndpoints.typeCreate, { token, body: { code: 'x', name: 'x' } }),
      t.api(dictionaryEndpoints.typeUpdate, { token, body: { code: 'x', name: 'x' } }),
      t.api(dictionaryEndpoints.typeDelete, { token, body: { code: 'x' } }),
      t.api(dictionaryEndpoints.itemPage, { token, body: { dicCode: 'alarm_state' } }),
      t.api(dictionaryEndpoints.itemCreate, { token, body: { dicCode: 'x', itemCode: 'x', itemName: 'x' } }),
      t.api(dictionaryEndpoints.itemUpdate, { token, body: { itemId: 1, itemName: 'x' } }),
      t.api(dictionaryEndpoints.itemDelete, { token, body: { itemId: 1 } }),
    ];
    for (const answer of await Promise.all(calls(operator))) expect(answer.status_code).toBe(10500);
    for (const answer of await Promise.all(calls())) expect(answer.status_code).toBe(10401);
  });

  it('lets any signed-in user read all dictionaries, and nobody without a session', async () => {
    const operator = await t.token('operator', 'Operator@123');
    expect((await t.api(dictionaryEndpoints.all, { token: operator })).status_code).toBe(1);
    expect((await t.api(dictionaryEndpoints.all, {})).status_code).toBe(10401);
  });

  it('checks the page code for lists and the button codes for changes', async () => {
    await t.createUser('dic_viewer', 'Viewer@123', ['dictionary']);
    const viewer = await t.token('dic_viewer', 'Viewer@123');
    expect((await t.api(dictionaryEndpoints.typePage, { token: viewer, body: {} })).status_code).toBe(1);
    expect(
      (await t.api(dictionaryEndpoints.itemPage, { token: viewer, body: { dicCode: 'alarm_state' } }))
        .status_code,
    ).toBe(1);
    expect(
      (await t.api(dictionaryEndpoints.typeCreate, { token: viewer, body: { code: 'nope', name: 'x' } }))
        .status_code,
    ).toBe(10500);
    await t.createUser('dic_editor', 'Viewer@123', ['dictionary_edit']);
    const editor = await t.token('dic_editor', 'Viewer@123');
    expect(
      (
        await t.api(dictionaryEndpoints.typeUpdate, {
          token: editor,
          body: { code: 'gender', name: '性别', sortNum: 50 },
        })
      ).status_code,
    ).toBe(1);
    expect(
      (await t.api(dictionaryEndpoints.typeDelete, { token: editor, body: { code: 'gender' } })).status_code,
    ).toBe(10500);
  });
});

describe('types', () => {
  it('lists the seeded types by sort number with item counts, filters and pages', async () => {
    const page = await t.api(dictionaryEndpoints.typePage, { token: admin, body: {} });
    expect(page.status_code).toBe(1);
    expect(page.data?.list.slice(0, 2)).toMatchObject([
      { code: 'alarm_state', name: '告警状态', itemCount: 6 },
      { code: 'alarm_level', name: '告警级别', itemCount: 3 },
    ]);
    const byName = await t.api(dictionaryEndpoints.typePage, { token: admin, body: { name: '告警' } });
    expect(byName.data?.list.map((row) => row.code)).toEqual(['alarm_state', 'alarm_level']);
    const byCode = await t.api(dictionaryEndpoints.typePage, {
      token: admin,
      body: { code: 'ORG_', sortField: 'code', sortOrder: 'desc' },
    });
    expect(byCode.data).toMatchObject({ total: 1, list: [{ code: 'org_type' }] });
    const underscore = await t.api(dictionaryEndpoints.typePage, { token: admin, body: { code: '%' } });
    expect(underscore.data?.total).toBe(0);
  });

  it('creates a type and logs it', async () => {
    const row = await createType('road_class', '道路等级');
    expect(row).toMatchObject({ code: 'road_class', name: '道路等级', itemCount: 0, editor: 'admin' });
    expect(await lastLog('createType')).toMatchObject({ targetId: 'road_class', targetName: '道路等级' });
  });

  it.each([
    [
      'a code with a hyphen',
      { code: 'road-class', name: 'x' },
      '字典编码只能包含字母、数字或下划线，长度1-64位',
    ],
    ['an empty code', { code: '', name: 'x' }, '字典编码只能包含字母、数字或下划线，长度1-64位'],
    [
      'a 65-character code',
      { code: 'x'.repeat(65), name: 'x' },
      '字典编码只能包含字母、数字或下划线，长度1-64位',
    ],
    ['a taken code', { code: 'alarm_state', name: 'x' }, '字典编码已存在'],
    ['a taken code in other case', { code: 'ALARM_STATE', name: 'x' }, '字典编码已存在'],
    ['a sort number of 1000', { code: 'sorted', name: 'x', sortNum: 1000 }, '排序号必须小于1000'],
  ])('refuses %s with a clear message and writes nothing', async (_, body, message) => {
    const before = await typeCount();
    const answer = await t.api(dictionaryEndpoints.typeCreate, { token: admin, body });
    expect(answer).toEqual({ status_code: 10001, message, data: null });
    expect(await typeCount()).toBe(before);
  });

  it.each([
    ['name', { code: 'named', name: 'x'.repeat(101) }],
    ['description', { code: 'described', name: 'x', description: 'x'.repeat(201) }],
    ['extra', { code: 'extra', name: 'x', extra: 1 }],
  ])('refuses a bad %s naming the field', async (field, body) => {
    const before = await typeCount();
    const answer = await t.api(dictionaryEndpoints.typeCreate, { token: admin, body: body as never });
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(field);
    expect(await typeCount()).toBe(before);
  });

  it('edits name, description and sort number (the code is fixed) and logs the change', async () => {
    await createType('edit_me', '改前');
    const answer = await t.api(dictionaryEndpoints.typeUpdate, {
      token: admin,
      body: { code: 'edit_me', name: '改后', description: '说明', sortNum: 7 },
    });
    expect(answer).toMatchObject({ status_code: 1, data: { code: 'edit_me', name: '改后', sortNum: 7 } });
    expect((await lastLog('updateType'))?.changes).toEqual([
      { field: 'name', before: '改前', after: '改后' },
      { field: 'description', before: '', after: '说明' },
      { field: 'sortNum', before: 0, after: 7 },
    ]);
    const missing = await t.api(dictionaryEndpoints.typeUpdate, {
      token: admin,
      body: { code: 'no_such_type', name: 'x' },
    });
    expect(missing.message).toBe('字典不存在或已被删除，请刷新列表');
  });

  it('deletes an empty type but refuses one with items, with the count', async () => {
    await createType('full_type');
    await createItem('full_type', 'a');
    await createItem('full_type', 'b');
    const refused = await t.api(dictionaryEndpoints.typeDelete, {
      token: admin,
      body: { code: 'full_type' },
    });
    expect(refused).toEqual({
      status_code: 10001,
      message: '该字典下还有2个字典项，请先删除字典项',
      data: null,
    });
    expect(await t.handle.db.$count(dictionary, eq(dictionary.dicCode, 'full_type'))).toBe(2);
    await createType('empty_type');
    const deleted = await t.api(dictionaryEndpoints.typeDelete, {
      token: admin,
      body: { code: 'empty_type' },
    });
    expect(deleted).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(await t.handle.db.$count(dictionaryTypes, eq(dictionaryTypes.code, 'empty_type'))).toBe(0);
    expect(await lastLog('deleteType')).toMatchObject({ targetId: 'empty_type' });
    const missing = await t.api(dictionaryEndpoints.typeDelete, {
      token: admin,
      body: { code: 'empty_type' },
    });
    expect(missing.message).toBe('字典不存在或已被删除，请刷新列表');
  });
});

describe('items', () => {
  it('lists a type’s items in order, filtered by name and state', async () => {
    const page = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'alarm_level' },
    });
    expect(page.data?.list.map((row) => [row.itemCode, row.itemName, row.enabled])).toEqual([
      ['error', '重要', true],
      ['common', '一般', true],
      ['tips', '提示', true],
    ]);
    const named = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'alarm_state', itemName: '转' },
    });
    expect(named.data?.list.map((row) => row.itemCode)).toEqual(['invalid', 'work_order']);
    const disabled = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'alarm_state', enabled: false },
    });
    expect(disabled.data?.total).toBe(0);
    const unknown = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'nothing_here' },
    });
    expect(unknown.message).toBe('字典不存在或已被删除，请刷新列表');
  });

  it('creates items, refusing a duplicate code within the type but not across types', async () => {
    await createType('items_a');
    await createType('items_b');
    const row = await createItem('items_a', 'one', { itemName: '一', sort: 5 });
    expect(row).toMatchObject({
      dicCode: 'items_a',
      itemCode: 'one',
      itemName: '一',
      sort: 5,
      enabled: true,
    });
    expect(await lastLog('createItem')).toMatchObject({ targetId: 'items_a/one', targetName: '一' });
    const before = await itemCount();
    const duplicate = await t.api(dictionaryEndpoints.itemCreate, {
      token: admin,
      body: { dicCode: 'items_a', itemCode: 'one', itemName: '又一' },
    });
    expect(duplicate).toEqual({ status_code: 10001, message: '该字典下已有相同编码的字典项', data: null });
    expect(await itemCount()).toBe(before);
    await createItem('items_b', 'one');
  });

  it.each([
    [
      'unknown type',
      { dicCode: 'no_type', itemCode: 'x', itemName: 'x' },
      '字典不存在或已被删除，请刷新列表',
    ],
    [
      'item code with a space',
      { dicCode: 'gender', itemCode: 'a b', itemName: 'x' },
      '字典项编码只能包含字母、数字、下划线或短横线，长度1-64位',
    ],
    ['sort of 1000', { dicCode: 'gender', itemCode: 'x', itemName: 'x', sort: 1000 }, '排序号必须小于1000'],
  ])('refuses an item with %s and writes nothing', async (_, body, message) => {
    const before = await itemCount();
    const answer = await t.api(dictionaryEndpoints.itemCreate, { token: admin, body });
    expect(answer).toEqual({ status_code: 10001, message, data: null });
    expect(await itemCount()).toBe(before);
  });

  it('refuses an item name that is empty or too long, naming the field', async () => {
    for (const itemName of ['', 'x'.repeat(101)]) {
      const answer = await t.api(dictionaryEndpoints.itemCreate, {
        token: admin,
        body: { dicCode: 'gender', itemCode: 'other', itemName },
      });
      expect(answer.status_code).toBe(10001);
      expect(answer.message).toContain('itemName');
    }
    expect(await lookUp('gender')).toEqual(['male', 'female']);
  });

  it('edits a seeded item like any other; a disabled item leaves the look-ups but stays listed', async () => {
    const page = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'alarm_state' },
    });
    const confirmed = page.data?.list.find((row) => row.itemCode === 'confirmed');
    const answer = await t.api(dictionaryEndpoints.itemUpdate, {
      token: admin,
      body: { itemId: confirmed?.itemId ?? 0, itemName: '已确认告警', sort: 1, enabled: true },
    });
    expect(answer.data).toMatchObject({ itemCode: 'confirmed', itemName: '已确认告警', sort: 1 });
    expect(
      (await t.api(authEndpoints.dictionary, { token: admin, query: { dicCode: 'alarm_state' } })).data?.[0],
    ).toEqual({ itemCode: 'confirmed', itemName: '已确认告警' });
    expect((await lastLog('updateItem'))?.changes).toEqual([
      { field: 'itemName', before: '已确认', after: '已确认告警' },
      { field: 'sort', before: 20, after: 1 },
    ]);

    const disabled = await t.api(dictionaryEndpoints.itemUpdate, {
      token: admin,
      body: { itemId: confirmed?.itemId ?? 0, itemName: '已确认告警', sort: 1, enabled: false },
    });
    expect(disabled.data?.enabled).toBe(false);
    expect(await lookUp('alarm_state')).toEqual([
      'waiting',
      'invalid',
      'work_order',
      'auto_recover',
      'finish',
    ]);
    const all = await t.api(dictionaryEndpoints.all, { token: admin });
    expect(all.data?.dictionaries?.alarm_state?.map((item) => item.itemCode)).not.toContain('confirmed');
    const listed = await t.api(dictionaryEndpoints.itemPage, {
      token: admin,
      body: { dicCode: 'alarm_state', enabled: false },
    });
    expect(listed.data?.list.map((row) => row.itemCode)).toEqual(['confirmed']);
  });

  it('refuses editing a missing item and a bad field', async () => {
    const missing = await t.api(dictionaryEndpoints.itemUpdate, {
      token: admin,
      body: { itemId: 999_999, itemName: 'x' },
    });
    expect(missing.message).toBe('记录不存在或已被删除，请刷新列表');
    const fixedCode = await t.api(dictionaryEndpoints.itemUpdate, {
      token: admin,
      body: { itemId: 1, itemName: 'x', itemCode: 'changed' } as never,
    });
    expect(fixedCode.status_code).toBe(10001);
    expect(fixedCode.message).toContain('itemCode');
  });

  it('deletes an item and logs it', async () => {
    await createType('deletable');
    const row = await createItem('deletable', 'gone');
    const answer = await t.api(dictionaryEndpoints.itemDelete, {
      token: admin,
      body: { itemId: row.itemId },
    });
    expect(answer).toEqual({ status_code: 1, message: '删除成功', data: null });
    expect(await lastLog('deleteItem')).toMatchObject({ targetId: 'deletable/gone' });
    const again = await t.api(dictionaryEndpoints.itemDelete, { token: admin, body: { itemId: row.itemId } });
    expect(again.message).toBe('记录不存在或已被删除，请刷新列表');
  });

  it('deletes chosen items all or none', async () => {
    await createType('batchable');
    const first = await createItem('batchable', 'one');
    const second = await createItem('batchable', 'two');
    const kept = await createItem('batchable', 'three');
    const deleteMany = (itemIds: number[]) =>
      t.api(dictionaryEndpoints.itemDeleteMany, { token: admin, body: { itemIds } });
    const count = await itemCount();
    expect((await deleteMany([kept.itemId, 999_999])).message).toBe('记录不存在或已被删除，请刷新列表');
    expect(await itemCount()).toBe(count);
    expect(await deleteMany([first.itemId, second.itemId])).toEqual({
      status_code: 1,
      message: '删除成功',
      data: null,
    });
    expect(await lookUp('batchable')).toEqual(['three']);
    expect((await deleteMany([])).status_code).toBe(10001);
  });
});

describe('all dictionaries', () => {
  it('answers every type’s enabled items with a version that changes with them', async () => {
    const first = await t.api(dictionaryEndpoints.all, { token: admin });
    expect(first.data?.version).toMatch(/^[0-9a-f]{16}$/);
    expect(first.data?.dictionaries?.alarm_level).toEqual([
      { itemCode: 'error', itemName: '重要' },
      { itemCode: 'common', itemName: '一般' },
      { itemCode: 'tips', itemName: '提示' },
    ]);
    const same = await t.api(dictionaryEndpoints.all, {
      token: admin,
      query: { version: first.data?.version ?? '' },
    });
    expect(same.data).toEqual({ version: first.data?.version, dictionaries: null });

    await createType('versioned');
    const changed = await t.api(dictionaryEndpoints.all, {
      token: admin,
      query: { version: first.data?.version ?? '' },
    });
    expect(changed.data?.version).not.toBe(first.data?.version);
    expect(changed.data?.dictionaries?.versioned).toEqual([]);
  });
});
