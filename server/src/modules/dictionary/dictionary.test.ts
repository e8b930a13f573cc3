import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.token('operator', 'Operator@123');
});
afterAll(() => t.close());

const lookUp = (query: string, tk: string | undefined = token) =>
  t.call('GET', `/api/sys/dictionary/queryDicByDicCode${query}`, { token: tk });

describe('queryDicByDicCode', () => {
  it('answers the alarm states in the spec order with their Chinese names', async () => {
    const answer = await lookUp('?dicCode=alarm_state&t=1700000000000');
    expect(answer.json).toEqual({
      status_code: 1,
      message: '成功',
      data: [
        { itemCode: 'waiting', itemName: '待处理' },
        { itemCode: 'confirmed', itemName: '已确认' },
        { itemCode: 'invalid', itemName: '转无效' },
        { itemCode: 'work_order', itemName: '转工单' },
        { itemCode: 'auto_recover', itemName: '自动恢复' },
        { itemCode: 'finish', itemName: '处理完成' },
      ],
    });
  });

  it.each([
    ['alarm_level', ['error', 'common', 'tips']],
    ['message_type', ['1', '2', '3', '4', '5', '6', '7', '8', '9']],
    ['work_order_source', ['120201', '120202', '120203', '120204']],
  ])('answers %s', async (dicCode, codes) => {
    const items = (await lookUp(`?dicCode=${dicCode}`)).json.data as { itemCode: string }[];
    expect(items.map((item) => item.itemCode)).toEqual(codes);
  });

  it('has the nine push statuses', async () => {
    const items = (await lookUp('?dicCode=push_status')).json.data as { itemName: string }[];
    expect(items.map((item) => item.itemName)).toEqual([
      '发送成功',
      '发送失败',
      '发送中',
      '未发送',
      '准备中',
      '已推送',
      '已过期',
      '已失效',
      '已删除',
    ]);
  });

  it('answers an empty list for an unknown or hostile code', async () => {
    expect((await lookUp('?dicCode=no_such_dictionary')).json.data).toEqual([]);
    expect((await lookUp(`?dicCode=${encodeURIComponent("x' OR 1=1 --")}`)).json).toMatchObject({
      status_code: 1,
      data: [],
    });
  });

  it('needs a dictionary code and a session', async () => {
    expect((await lookUp('')).json).toEqual({ status_code: 10001, message: '缺少参数dicCode', data: null });
    expect((await lookUp('?dicCode=%20')).json.message).toBe('请指定字典编码');
    expect((await lookUp(`?dicCode=${'x'.repeat(65)}`)).json.message).toBe(
      '参数dicCode不合法：长度不能超过64个字符',
    );
    expect((await lookUp('?dicCode=alarm_state', '')).json.status_code).toBe(10401);
  });
});
