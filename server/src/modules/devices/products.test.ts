import {
  alarmRuleEndpoints as rules,
  deviceEndpoints,
  FUNCTION_PARAMS_MAX,
  givenName,
  PRODUCT_PAGE,
  PRODUCT_PARAMS_MAX,
  productEndpoints as api,
  projectManageEndpoints,
  type CreateFunction,
  type CreateProduct,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, productFunctions, products } from '../../db/schema.js';
import { listenToBus, type BusListener } from '../../test/busEvents.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let bus: BusListener;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  bus = await listenToBus(t);
  const project = await t.api(projectManageEndpoints.create, {
    token: admin,
    body: { projectName: '产品-项目', userIds: [] },
  });
  projectId = project.data?.projectId ?? 0;
});
afterAll(async () => {
  await bus.stop();
  await t.close();
});
/** Forgets what was heard, once what was sent so far has arrived (PostgreSQL delivers it later). */
beforeEach(() => bus.clear());

const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function product(productKey: string, extra: Partial<CreateProduct> = {}) {
  const answer = await t.api(api.create, {
    token: admin,
    body: { productKey, name: `产品${productKey}`, typeCode: '0401', ...extra },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const temperature = (productId: number): CreateFunction => ({
  productId,
  kind: 'property',
  identifier: 'temperature',
  name: '温度',
  spec: { type: 'float', min: -40, max: 85, unit: '℃' },
});

async function addFunction(body: CreateFunction) {
  const answer = await t.api(api.createFunction, { token: admin, body });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

/** The products.changed events heard since the last clear, as lists of ids. */
async function changedProducts() {
  await bus.settle();
  return bus.events.flatMap((event) => (event.k === 'products.changed' ? [event.productIds] : []));
}

describe('products', () => {
  it('creates, lists, reads the model of, updates and deletes a product, logging and announcing each', async () => {
    const answer = await t.api(api.create, {
      token: admin,
      body: {
        productKey: 'EM-1',
        name: ' 环境仪 ',
        typeCode: '0401',
        vendor: '城运',
        params: [{ key: 'power', name: '功率', value: '5W' }],
      },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '新增成功',
      data: { productKey: 'EM-1', name: '环境仪', deviceCount: 0, functionCount: 0, editor: 'admin' },
    });
    const id = answer.data?.productId ?? 0;
    expect(await changedProducts()).toEqual([[id]]);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, PRODUCT_PAGE), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetId: String(id), targetName: '环境仪' });

    await addFunction(temperature(id));
    const model = await t.api(api.model, { token: admin, params: { id } });
    expect(model.data).toMatchObject({
      product: { productId: id, functionCount: 1 },
      functions: [{ kind: 'property', identifier: 'temperature', spec: { type: 'float', min: -40 } }],
    });
    const page = await t.api(api.page, { token: admin, body: { keyword: 'em-1' } });
    expect(page.data).toMatchObject({ total: 1, list: [{ productId: id }] });
    const all = await t.api(api.all, { token: admin, query: { typeCode: '0401' } });
    expect(all.data?.map((row) => row.productId)).toContain(id);

    await bus.clear();
    const updated = await t.api(api.update, {
      token: admin,
      body: { productId: id, productKey: 'EM-1', name: '环境仪二代', typeCode: '0501' },
    });
    expect(updated).toMatchObject({ status_code: 1, message: '保存成功', data: { typeCode: '0501' } });
    expect(await changedProducts()).toEqual([[id]]);
    expect(await t.api(api.delete, { token: admin, params: { id } })).toMatchObject({ status_code: 1 });
    expect(await t.handle.db.$count(productFunctions, eq(productFunctions.productId, id))).toBe(0);
    expect(await t.api(api.model, { token: admin, params: { id } })).toEqual(
      refused('产品不存在或已被删除，请刷新列表'),
    );
  });

  it('keeps an optional English name of a product, its functions and rules, for the English interface', async () => {
    const named = await product('Env-En', { nameEn: ' Air monitor ' });
    expect(named.nameEn).toBe('Air monitor');
    expect((await product('Env-Zh')).nameEn).toBe('');
    const fn = await addFunction({ ...temperature(named.productId), nameEn: 'Temperature' });
    expect(givenName(fn, 'en-US')).toBe('Temperature');
    expect(givenName(fn, 'zh-CN')).toBe('温度');
    const rule = await t.api(rules.create, {
      token: admin,
      body: {
        productId: named.productId,
        name: '高温',
        nameEn: 'Too hot',
        identifier: 'temperature',
        threshold: 60,
        level: 'common',
      },
    });
    expect(rule.data).toMatchObject({ name: '高温', nameEn: 'Too hot', productNameEn: 'Air monitor' });
    const tooLong = await t.api(api.create, {
      token: admin,
      body: { productKey: 'Env-Long', name: '产品', nameEn: 'x'.repeat(61), typeCode: '0401' },
    });
    expect(tooLong.status_code).toBe(10001);
  });

  it('keeps product keys unique ignoring case', async () => {
    const first = await product('Lid-A');
    const other = await product('Lid-B');
    const before = await t.handle.db.$count(products);
    expect(
      await t.api(api.create, {
        token: admin,
        body: { productKey: 'lid-a', name: '井盖', typeCode: '0501' },
      }),
    ).toEqual(refused('产品标识已存在'));
    expect(
      await t.api(api.update, {
        token: admin,
        body: { productId: other.productId, productKey: 'LID-A', name: '井盖', typeCode: '0401' },
      }),
    ).toEqual(refused('产品标识已存在'));
    expect(await t.handle.db.$count(products)).toBe(before);
    expect(first.productKey).toBe('Lid-A');
  });

  it('refuses deleting a product devices use, naming the count, and changing its type', async () => {
    const used = await product('used-1');
    for (const n of [1, 2]) {
      const device = await t.api(deviceEndpoints.create, {
        token: admin,
        body: {
          deviceKey: `used-dev-${n}`,
          controlCode: `used-code-${n}`,
          name: `设备${n}`,
          productId: used.productId,
          projectId,
        },
      });
      expect(device.status_code, device.message).toBe(1);
    }
    expect(await t.api(api.delete, { token: admin, params: { id: used.productId } })).toEqual(
      refused('该产品下还有2台设备，不能删除'),
    );
    expect(
      await t.api(api.update, {
        token: admin,
        body: { productId: used.productId, productKey: 'used-1', name: '改名', typeCode: '0501' },
      }),
    ).toEqual(refused('该产品下已有设备，不能修改设备类型'));
    // The same type with other fields saves.
    const renamed = await t.api(api.update, {
      token: admin,
      body: { productId: used.productId, productKey: 'used-1', name: '改名', typeCode: '0401' },
    });
    expect(renamed.data).toMatchObject({ name: '改名', deviceCount: 2 });
  });

  it('enforces §5: at most 50 product parameters', async () => {
    const params = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: `p${i}`, name: `参数${i}`, value: '' }));
    await product('params-50', { params: params(PRODUCT_PARAMS_MAX) });
    expect(
      await t.api(api.create, {
        token: admin,
        body: {
          productKey: 'params-51',
          name: '参数',
          typeCode: '0401',
          params: params(PRODUCT_PARAMS_MAX + 1),
        },
      }),
    ).toEqual(refused('产品参数最多50个'));
  });
});

describe('functions', () => {
  it('keeps identifiers unique per product, stores the whole definition, updates and deletes', async () => {
    const a = await product('fn-a');
    const b = await product('fn-b');
    const fn = await addFunction(temperature(a.productId));
    await bus.clear();
    expect(await t.api(api.createFunction, { token: admin, body: temperature(a.productId) })).toEqual(
      refused('该产品已有同名标识符的功能'),
    );
    await addFunction(temperature(b.productId));
    const [stored] = await t.handle.db
      .select()
      .from(productFunctions)
      .where(eq(productFunctions.id, fn.functionId));
    expect(stored?.definition).toEqual({
      kind: 'property',
      identifier: 'temperature',
      name: '温度',
      spec: { type: 'float', min: -40, max: 85, unit: '℃' },
      writable: false,
      description: '',
    });

    const service = await addFunction({
      productId: a.productId,
      kind: 'service',
      identifier: 'reboot',
      name: '重启',
      params: [{ identifier: 'delay', name: '延时', spec: { type: 'int', min: 0, max: 60, unit: 's' } }],
    });
    expect(
      await t.api(api.updateFunction, {
        token: admin,
        body: { functionId: service.functionId, kind: 'service', identifier: 'temperature', name: '重启' },
      }),
    ).toEqual(refused('该产品已有同名标识符的功能'));
    const updated = await t.api(api.updateFunction, {
      token: admin,
      body: {
        functionId: service.functionId,
        kind: 'event',
        identifier: 'fault',
        name: '故障',
        level: 'error',
      },
    });
    expect(updated).toMatchObject({
      status_code: 1,
      data: { functionId: service.functionId, kind: 'event', level: 'error', params: [] },
    });
    expect(await changedProducts()).toEqual([[b.productId], [a.productId], [a.productId]]);
    expect(
      await t.api(api.deleteFunction, { token: admin, params: { id: service.functionId } }),
    ).toMatchObject({ status_code: 1, message: '删除成功' });
    expect(await t.api(api.deleteFunction, { token: admin, params: { id: service.functionId } })).toEqual(
      refused('功能不存在或已被删除，请刷新列表'),
    );
  });

  it('enforces §5: at most 100 function parameters, and the value types', async () => {
    const p = await product('fn-limits');
    const params = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        identifier: `p${i}`,
        name: `参数${i}`,
        spec: { type: 'bool' as const },
      }));
    await addFunction({
      productId: p.productId,
      kind: 'service',
      identifier: 'many',
      name: '多参数',
      params: params(FUNCTION_PARAMS_MAX),
    });
    const cases: [CreateFunction, string][] = [
      [
        { productId: p.productId, kind: 'service', identifier: 'tooMany', name: '太多', params: params(101) },
        '功能参数最多100个',
      ],
      [
        {
          productId: p.productId,
          kind: 'property',
          identifier: 'range',
          name: '范围',
          spec: { type: 'int', min: 10, max: 1 },
        },
        '最大值不能小于最小值',
      ],
      [{ ...temperature(p.productId), identifier: '1bad' }, '标识符须以字母开头，只能包含字母、数字和下划线'],
      [{ ...temperature(99_999) }, '产品不存在或已被删除，请刷新列表'],
    ];
    for (const [body, message] of cases) {
      expect(await t.api(api.createFunction, { token: admin, body }), message).toEqual(refused(message));
    }
  });
});

describe('threshold rules', () => {
  it('watch only numeric properties, announce changes and go with their function', async () => {
    const p = await product('rules-1');
    const fn = await addFunction(temperature(p.productId));
    await addFunction({
      productId: p.productId,
      kind: 'property',
      identifier: 'open',
      name: '开关',
      spec: { type: 'bool', trueLabel: '开', falseLabel: '关' },
    });
    await bus.clear();
    const rule = {
      productId: p.productId,
      name: '高温',
      identifier: 'temperature',
      operator: '>' as const,
      threshold: 60,
      level: 'error' as const,
    };
    const created = await t.api(rules.create, { token: admin, body: rule });
    expect(created).toMatchObject({
      status_code: 1,
      data: { productName: p.name, identifier: 'temperature', threshold: 60, enabled: true },
    });
    expect(await t.api(rules.create, { token: admin, body: { ...rule, identifier: 'open' } })).toEqual(
      refused('阈值和趋势规则须监视数值属性'),
    );
    expect(await t.api(rules.create, { token: admin, body: { ...rule, identifier: 'missing' } })).toEqual(
      refused('产品没有此功能：missing'),
    );
    const ruleId = created.data?.ruleId ?? 0;
    const updated = await t.api(rules.update, {
      token: admin,
      body: { ...rule, ruleId, threshold: 70, enabled: false },
    });
    expect(updated.data).toMatchObject({ threshold: 70, enabled: false });
    expect((await t.api(rules.list, { token: admin, query: { productId: p.productId } })).data).toHaveLength(
      1,
    );
    expect(await changedProducts()).toEqual([[p.productId], [p.productId]]);

    // The watched property cannot turn into text, and deleting it deletes its rules.
    expect(
      await t.api(api.updateFunction, {
        token: admin,
        body: {
          functionId: fn.functionId,
          kind: 'property',
          identifier: 'temperature',
          name: '温度',
          spec: { type: 'text', maxLength: 10 },
        },
      }),
    ).toEqual(refused('只能对数值型属性设置阈值规则'));
    await t.api(api.deleteFunction, { token: admin, params: { id: fn.functionId } });
    expect((await t.api(rules.list, { token: admin, query: { productId: p.productId } })).data).toEqual([]);
    expect(await t.api(rules.delete, { token: admin, params: { id: ruleId } })).toEqual(
      refused('告警规则不存在或已被删除，请刷新列表'),
    );
  });

  it('keep the engine’s fields, event rules watch events and offline rules nothing', async () => {
    const p = await product('rules-2');
    await addFunction(temperature(p.productId));
    const base = { productId: p.productId, name: '规则', level: 'common' as const };
    const rise = await t.api(rules.create, {
      token: admin,
      body: {
        ...base,
        mode: 'rise',
        identifier: 'temperature',
        threshold: 5,
        windowSeconds: 600,
        durationSeconds: 30,
        repeatCount: 2,
        autoHandle: 'confirmed',
        repeatFrequency: '5m',
        schedule: { days: [1, 2], from: '22:00', to: '06:00' },
      },
    });
    expect(rise.data).toMatchObject({
      kind: 'warning',
      mode: 'rise',
      windowSeconds: 600,
      durationSeconds: 30,
      repeatCount: 2,
      autoHandle: 'confirmed',
      repeatFrequency: '5m',
      schedule: { days: [1, 2], from: '22:00', to: '06:00' },
    });
    expect(
      await t.api(rules.create, {
        token: admin,
        body: { ...base, mode: 'event', identifier: 'temperature' },
      }),
    ).toEqual(refused('事件规则须监视产品的事件'));
    const offline = await t.api(rules.create, {
      token: admin,
      body: { ...base, mode: 'offline', identifier: 'anything' },
    });
    expect(offline.data).toMatchObject({ kind: 'alarm', mode: 'offline', identifier: 'online' });
  });
});

describe('reading the thing model', () => {
  it('is open to every page that shows a device by its model, not only 产品管理', async () => {
    const p = await product('READERS1');
    for (const page of ['functionManage', 'modelSetting', 'realtimeReport', 'iot_assetMorror_devManage']) {
      await t.createUser(`reader_${page}`, 'Reader@123', [page]);
      const token = await t.token(`reader_${page}`, 'Reader@123');
      const answer = await t.api(api.model, { token, params: { id: p.productId } });
      expect(answer.data?.product.productKey, page).toBe('READERS1');
      // The page's code admits reading, never changing.
      expect((await t.api(api.delete, { token, params: { id: p.productId } })).status_code, page).toBe(10500);
    }
    await t.createUser('reader_none', 'Reader@123', ['userManage']);
    const outsider = await t.token('reader_none', 'Reader@123');
    expect((await t.api(api.model, { token: outsider, params: { id: p.productId } })).status_code).toBe(
      10500,
    );
  });
});
