import {
  API_PREFIX,
  HEADER_ACCESS_TOKEN,
  userEndpoints,
  userExport,
  XLSX_CONTENT_TYPE,
  type CreateUser,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';

let t: TestApp;
let admin: string;
let role: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const all = await t.handle.db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles);
  const found = all.find((entry) => entry.code !== 'admin');
  if (!found) throw new Error('the seed has no role but admin');
  role = found;
});
afterAll(() => t.close());

async function create(userName: string, extra: Partial<CreateUser>) {
  const body: CreateUser = { userName, password: 'Start@123', name: '张三', roleIds: [role.id], ...extra };
  const answer = await t.api(userEndpoints.create, { token: admin, body });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const download = (body: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${userExport.path}`,
    headers: { 'content-type': 'application/json', ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}) },
    payload: JSON.stringify(body),
  });

describe('user export', () => {
  it('refuses without userManage_export (10500) or a session (10401), and a bad filter (10001)', async () => {
    await t.createUser('user_viewer', 'Viewer@123', ['userManage']);
    const viewer = await t.token('user_viewer', 'Viewer@123');
    expect((await download({}, viewer)).json()).toMatchObject({ status_code: 10500, data: null });
    expect((await download({}, null)).json()).toMatchObject({ status_code: 10401, data: null });
    const bad = await download({ status: 'sleeping' });
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json()).toMatchObject({ status_code: 10001, data: null });
    expect(bad.json<{ message: string }>().message).toContain('status');
  });

  it('downloads the users the name filter selects, as the list selects them', async () => {
    const first = await create('exp_a', {
      name: '赵导出',
      gender: 'female',
      email: 'a@example.com',
      phone: '13800000001',
      jobTitle: '巡检员',
    });
    await create('exp_b', { name: '钱导出' });
    await create('exp_c', { name: '孙其他' });
    await t.api(userEndpoints.alterState, {
      token: admin,
      body: { userId: first.userId, status: 'disabled' },
    });
    const answer = await download({ name: '导出', sortField: 'userName', sortOrder: 'asc' });
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(decodeURIComponent(answer.headers['content-disposition'] ?? '')).toMatch(/用户列表-\d{8}\.xlsx$/u);
    const { name, rows } = await sheetRows(answer.rawPayload);
    expect(name).toBe('用户列表');
    const created = new Date(Date.parse(first.createTime) + 8 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(rows[0]).toEqual([
      '账号',
      '姓名',
      '性别',
      '邮箱',
      '电话',
      '职务',
      '组织',
      '角色',
      '状态',
      '创建时间',
    ]);
    // Empty cells read back as undefined.
    const none = undefined;
    expect(rows.slice(1)).toEqual([
      ['exp_a', '赵导出', '女', 'a@example.com', '13800000001', '巡检员', none, role.name, '停用', created],
      ['exp_b', '钱导出', none, none, none, none, none, role.name, '启用', expect.any(String)],
    ]);
    const page = await t.api(userEndpoints.page, { token: admin, body: { name: '导出' } });
    expect(page.data?.total).toBe(rows.length - 1);
  });
});
