import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alarmRuleEndpoints,
  createRuleSchema,
  productEndpoints,
  StatusCode,
  text,
  type FunctionRow,
  type RuleRow,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { assetTexts } from '../assets/texts';
import { choose, dialogField, poleProduct, save, sensorFunctions, sensorProduct } from '../test/fixtures';
import { FunctionManagePage } from './FunctionManagePage';
import { describeRule, ModelSettingPage } from './ModelSettingPage';
import { ProductManagePage } from './ProductManagePage';

beforeAll(() => initI18n('zh-CN'));

/** The rule the form sends for 温度 above 60, important, with every other field as the contract defaults it. */
const hotRule = createRuleSchema.parse({
  productId: 1,
  name: '温度过高',
  identifier: 'temperature',
  threshold: 60,
  level: 'error',
});

const functions = sensorFunctions;

function server(extra: FakeServer = {}): FakeServer {
  return {
    [productEndpoints.all.path]: () => [sensorProduct, poleProduct],
    [productEndpoints.page.path]: () => ({
      list: [sensorProduct, poleProduct],
      total: 2,
      pageNum: 1,
      pageSize: 15,
    }),
    [productEndpoints.model.path]: () => ({ product: sensorProduct, functions }),
    [alarmRuleEndpoints.list.path]: () => [],
    ...extra,
  };
}

describe('ProductManagePage', () => {
  it('lists products with their type in words and adds one with its parameters', async () => {
    const created: unknown[] = [];
    renderWithKit(<ProductManagePage />, {
      server: server({
        [productEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return sensorProduct;
        },
      }),
      elements: ['productManage_add'],
    });
    expect(await screen.findByText('智慧灯杆标准款')).toBeTruthy();
    expect(screen.getByText('智慧灯杆')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新增产品/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'productKey'), { target: { value: 'lid bad' } });
    save(dialog);
    expect(await within(dialog).findByText('产品标识只能包含字母、数字、下划线和短横线')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'productKey'), { target: { value: 'lid-v2' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '智能井盖二代' } });
    fireEvent.change(dialogField(dialog, 'nameEn'), { target: { value: 'Smart cover v2' } });
    await choose(dialog, 'typeCode', '智能井盖 (0501)');
    expect(within(dialog).getByText('产品参数 0/50')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /添加参数/ }));
    expect(within(dialog).getByText('产品参数 1/50')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('参数标识'), { target: { value: 'battery' } });
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '电池容量' } });
    fireEvent.change(within(dialog).getByLabelText('参数值'), { target: { value: '19Ah' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      productKey: 'lid-v2',
      name: '智能井盖二代',
      nameEn: 'Smart cover v2',
      typeCode: '0501',
      vendor: '',
      model: '',
      description: '',
      offlineAfterSeconds: 300,
      params: [{ key: 'battery', name: '电池容量', value: '19Ah' }],
    });
  });
});

describe('FunctionManagePage', () => {
  const path = '/iotcloud/iot/assetMorror/functionManage?productId=1';

  it('lists the product’s functions by kind with their value types', async () => {
    renderWithKit(<FunctionManagePage />, { server: server(), path });
    expect(await screen.findByText('温度')).toBeTruthy();
    expect(screen.getByText('浮点数 -40~80 ℃')).toBeTruthy();
    expect(screen.getByText('布尔 打开/关闭')).toBeTruthy();
    expect(screen.queryByText('设置上报周期')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '服务' }));
    expect(await screen.findByText('设置上报周期')).toBeTruthy();
    expect(screen.getByText('秒数 (seconds): 整数 10~3600 s')).toBeTruthy();
  });

  it('adds a property with its range and shows a taken identifier on its field', async () => {
    const created: unknown[] = [];
    const taken = text('function.identifierTaken', 'zh-CN');
    renderWithKit(<FunctionManagePage />, {
      server: server({
        [productEndpoints.createFunction.path]: ({ body }) => {
          created.push(body);
          if ((body as { identifier: string }).identifier === 'temperature')
            throw new ApiError('status', taken, {
              status_code: StatusCode.REJECTED,
              message: taken,
              data: null,
            });
          return functions[0];
        },
      }),
      path,
      elements: ['functionManage_edit'],
    });
    fireEvent.click(await screen.findByRole('button', { name: /新增功能/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'identifier'), { target: { value: 'temperature' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '温度' } });
    fireEvent.change(dialogField(dialog, 'spec_min'), { target: { value: '50' } });
    fireEvent.change(dialogField(dialog, 'spec_max'), { target: { value: '-10' } });
    save(dialog);
    expect(await within(dialog).findByText('最大值不能小于最小值')).toBeTruthy();
    fireEvent.change(dialogField(dialog, 'spec_min'), { target: { value: '-40' } });
    fireEvent.change(dialogField(dialog, 'spec_max'), { target: { value: '80' } });
    fireEvent.change(dialogField(dialog, 'spec_unit'), { target: { value: '℃' } });
    save(dialog);
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(created[0]).toEqual({
      productId: 1,
      kind: 'property',
      identifier: 'temperature',
      name: '温度',
      description: '',
      spec: { type: 'int', min: -40, max: 80, unit: '℃' },
      writable: false,
    });
    fireEvent.change(dialogField(dialog, 'identifier'), { target: { value: 'temperature2' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(2));
  });

  it('adds a service with a parameter, sending only the chosen type’s fields', async () => {
    const created: unknown[] = [];
    renderWithKit(<FunctionManagePage />, {
      server: server({
        [productEndpoints.createFunction.path]: ({ body }) => {
          created.push(body);
          return functions[2];
        },
      }),
      path,
      elements: ['functionManage_edit'],
    });
    fireEvent.click(await screen.findByRole('tab', { name: '服务' }));
    fireEvent.click(await screen.findByRole('button', { name: /新增功能/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'identifier'), { target: { value: 'setMode' } });
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '设置模式' } });
    expect(within(dialog).getByText('参数 0/100')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /添加参数/ }));
    fireEvent.change(dialogField(dialog, 'params_0_identifier'), { target: { value: 'mode' } });
    fireEvent.change(dialogField(dialog, 'params_0_name'), { target: { value: '模式' } });
    fireEvent.mouseDown(dialogField(dialog, 'params_0_spec_type'));
    fireEvent.click(await screen.findByTitle('文本'));
    fireEvent.change(await within(dialog).findByRole('spinbutton'), { target: { value: '16' } });
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      productId: 1,
      kind: 'service',
      identifier: 'setMode',
      name: '设置模式',
      description: '',
      params: [{ identifier: 'mode', name: '模式', spec: { type: 'text', maxLength: 16 } }],
    });
  });
});

describe('ModelSettingPage', () => {
  it('offers only the product’s numeric properties and sends the rule with its §4 level', async () => {
    const created: unknown[] = [];
    renderWithKit(<ModelSettingPage />, {
      server: server({
        [alarmRuleEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return { ruleId: 1, productName: sensorProduct.name, ...(body as object) };
        },
      }),
      path: '/iotcloud/iot/assetMorror/modelSetting?productId=1',
      elements: ['modelSetting_edit'],
    });
    const add = (await screen.findByRole('button', { name: /新增告警规则/ })) as HTMLButtonElement;
    // Rules watch the model's numeric properties: the button waits for the model.
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '温度过高' } });
    fireEvent.mouseDown(dialogField(dialog, 'identifier'));
    expect(await screen.findByTitle('温度 (temperature) 浮点数 -40~80 ℃')).toBeTruthy();
    expect(screen.queryByTitle(/舱门/)).toBeNull();
    fireEvent.click(screen.getByTitle('温度 (temperature) 浮点数 -40~80 ℃'));
    fireEvent.change(dialogField(dialog, 'threshold'), { target: { value: '60' } });
    await choose(dialog, 'level', '重要');
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual(hotRule);
  });

  /** The model with an event too (a lid tilting), for event rules. */
  const withEvent: FunctionRow[] = [
    ...functions,
    {
      functionId: 4,
      productId: 1,
      kind: 'event',
      identifier: 'tilt',
      name: '倾斜',
      level: 'error',
      params: [],
      description: '',
    },
    {
      functionId: 5,
      productId: 1,
      kind: 'event',
      identifier: 'closed',
      name: '复位',
      level: 'tips',
      params: [],
      description: '',
    },
  ];

  async function openRuleForm(created: unknown[]) {
    renderWithKit(<ModelSettingPage />, {
      server: server({
        [productEndpoints.model.path]: () => ({ product: sensorProduct, functions: withEvent }),
        [alarmRuleEndpoints.create.path]: ({ body }) => {
          created.push(body);
          return { ruleId: 1, productName: sensorProduct.name, kind: 'alarm', ...(body as object) };
        },
      }),
      path: '/iotcloud/iot/assetMorror/modelSetting?productId=1',
      elements: ['modelSetting_edit'],
    });
    const add = (await screen.findByRole('button', { name: /新增告警规则/ })) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    return screen.findByRole('dialog');
  }

  const fieldsOf = (dialog: HTMLElement) =>
    [...dialog.querySelectorAll<HTMLElement>('input, textarea, [role="switch"]')]
      .map((input) => input.id)
      .filter(Boolean);

  it('shows the fields of each mode only', async () => {
    const dialog = await openRuleForm([]);
    const common = ['name', 'mode', 'durationSeconds', 'level', 'autoHandle', 'repeatFrequency', 'enabled'];
    expect(fieldsOf(dialog)).toEqual(
      expect.arrayContaining([
        ...common,
        'identifier',
        'operator',
        'threshold',
        'clearOperator',
        'clearThreshold',
        'repeatCount',
      ]),
    );
    expect(fieldsOf(dialog)).not.toContain('windowSeconds');
    expect(fieldsOf(dialog)).not.toContain('clearIdentifier');

    await choose(dialog, 'mode', '事件告警');
    await waitFor(() => expect(fieldsOf(dialog)).toContain('clearIdentifier'));
    expect(fieldsOf(dialog)).not.toContain('threshold');
    expect(fieldsOf(dialog)).not.toContain('clearThreshold');
    fireEvent.mouseDown(dialogField(dialog, 'identifier'));
    expect(await screen.findByTitle('倾斜 (tilt)')).toBeTruthy();
    expect(screen.queryByTitle(/温度 \(temperature\)/)).toBeNull();

    await choose(dialog, 'mode', '离线告警');
    await waitFor(() => expect(fieldsOf(dialog)).not.toContain('identifier'));
    expect(fieldsOf(dialog)).not.toContain('repeatCount');
    expect(fieldsOf(dialog)).not.toContain('clearIdentifier');
    expect(fieldsOf(dialog)).toEqual(expect.arrayContaining(common));

    await choose(dialog, 'mode', '上升趋势预警');
    await waitFor(() => expect(fieldsOf(dialog)).toContain('windowSeconds'));
    expect(fieldsOf(dialog)).toContain('threshold');
    expect(fieldsOf(dialog)).not.toContain('operator');
    expect(within(dialog).getByText('上升幅度')).toBeTruthy();

    // A schedule's fields show when the rule is limited to some days and hours.
    expect(fieldsOf(dialog)).not.toContain('schedule_from');
    fireEvent.click(within(dialog).getByRole('switch', { name: /生效时段|全天生效/ }));
    await waitFor(() => expect(fieldsOf(dialog)).toContain('schedule_from'));
  }, 60_000);

  it('refuses a half clear condition and a trend without its window, in the contract’s words', async () => {
    const created: unknown[] = [];
    const dialog = await openRuleForm(created);
    fireEvent.change(dialogField(dialog, 'name'), { target: { value: '温度过高' } });
    await choose(dialog, 'identifier', '温度 (temperature) 浮点数 -40~80 ℃');
    fireEvent.change(dialogField(dialog, 'threshold'), { target: { value: '60' } });
    await choose(dialog, 'clearOperator', '<');
    save(dialog);
    expect(
      await within(dialog).findByText(text('alarmRule.clearPair', 'zh-CN'), {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(created).toHaveLength(0);

    fireEvent.change(dialogField(dialog, 'clearThreshold'), { target: { value: '50' } });
    await waitFor(() => expect(within(dialog).queryByText(text('alarmRule.clearPair', 'zh-CN'))).toBeNull());

    await choose(dialog, 'mode', '预测越限预警');
    await choose(dialog, 'identifier', '温度 (temperature) 浮点数 -40~80 ℃');
    // The trend's window shows once the form has taken the mode.
    await waitFor(() => expect(dialog.querySelector('#windowSeconds')).not.toBeNull(), { timeout: 15_000 });
    save(dialog);
    expect(
      await within(dialog).findByText(text('alarmRule.window', 'zh-CN'), {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(created).toHaveLength(0);
    fireEvent.change(dialogField(dialog, 'windowSeconds'), { target: { value: '600' } });
    await choose(dialog, 'repeatFrequency', '5m');
    save(dialog);
    await waitFor(() => expect(created).toHaveLength(1), { timeout: 15_000 });
    expect(created[0]).toMatchObject({
      mode: 'predict',
      identifier: 'temperature',
      threshold: 60,
      windowSeconds: 600,
      clearOperator: '<',
      clearThreshold: 50,
      repeatFrequency: '5m',
    });
  }, 60_000);
});

describe('describeRule', () => {
  const base: RuleRow = {
    ...hotRule,
    ruleId: 1,
    productName: '智能井盖',
    productNameEn: 'Smart manhole cover',
    name: '井盖倾斜',
    kind: 'alarm',
    mode: 'event',
    identifier: 'tilt',
    threshold: 0,
  };
  const say = (rule: Partial<RuleRow>) => describeRule({ ...base, ...rule }, () => '倾斜', assetTexts.t);

  it('says an event rule’s count within its window, and a value rule’s streak', () => {
    expect(say({})).toBe('上报事件 倾斜');
    expect(say({ repeatCount: 3 })).toBe('上报事件 倾斜（累计3次）');
    expect(say({ repeatCount: 3, durationSeconds: 60 })).toBe('上报事件 倾斜（60秒内3次）');
    expect(say({ mode: 'threshold', threshold: 15, repeatCount: 3, durationSeconds: 60 })).toBe(
      '倾斜 > 15（持续60秒，连续3次）',
    );
  });
});
