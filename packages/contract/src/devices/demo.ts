import { OFFLINE_IDENTIFIER, type CreateRule } from '../alarms/rules.js';
import type { CreateProduct } from './devices.js';
import type { FunctionFields } from './thingModel.js';
import type { DeviceType } from './types.js';
import type { Names } from '../names.js';

/**
 * The demo products and fleet: one source for the server's demo seed (which registers
 * them) and the fleet simulator (which plays them over MQTT). Each demo device's secret is
 * `demoFleetSecret(deviceKey)` (below), computed by both sides with HMAC-SHA256; production seeds none.
 */

export interface DemoProduct {
  product: Required<
    Pick<CreateProduct, 'productKey' | 'name' | 'nameEn' | 'typeCode' | 'vendor' | 'model' | 'description'>
  >;
  functions: FunctionFields[];
  /** The key prefix of its demo devices and the zh-CN name stem. */
  keyPrefix: string;
  nameStem: string;
}

const num = (
  identifier: string,
  [name, nameEn]: Names,
  type: 'int' | 'float',
  min: number,
  max: number,
  unit: string,
  writable = false,
): FunctionFields => ({
  kind: 'property',
  identifier,
  name,
  nameEn,
  spec: { type, min, max, unit },
  writable,
  description: '',
});
const bool = (
  identifier: string,
  [name, nameEn]: Names,
  trueLabel: string,
  falseLabel: string,
  writable = false,
): FunctionFields => ({
  kind: 'property',
  identifier,
  name,
  nameEn,
  spec: { type: 'bool', trueLabel, falseLabel },
  writable,
  description: '',
});

export const DEMO_PRODUCT_KEYS = {
  env: 'env-sensor',
  lid: 'well-lid',
  base: 'well-lid-base',
  repeater: 'well-lid-repeater',
  switch: 'smart-switch',
  lamp: 'street-lamp',
  gateway: 'iot-gateway',
  loop: 'loop-controller',
} as const;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.env,
      name: '环境监测仪',
      nameEn: 'Environment sensor',
      typeCode: '0401',
      vendor: '城运示范',
      model: 'EM-400',
      description: '温度、湿度、PM2.5、噪声四合一',
    },
    functions: [
      num('temperature', ['温度', 'Temperature'], 'float', -40, 85, '℃'),
      num('humidity', ['湿度', 'Humidity'], 'float', 0, 100, '%'),
      num('pm25', ['PM2.5', 'PM2.5'], 'int', 0, 1000, 'μg/m³'),
      num('noise', ['噪声', 'Noise'], 'float', 20, 140, 'dB'),
      {
        kind: 'event',
        identifier: 'sensorFault',
        name: '传感器故障',
        nameEn: 'Sensor fault',
        level: 'common',
        params: [],
        description: '',
      },
    ],
    keyPrefix: 'env',
    nameStem: '环境监测',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.lid,
      name: '智能井盖',
      nameEn: 'Smart manhole cover',
      typeCode: '0501',
      vendor: '城运示范',
      model: 'WL-100',
      description: '倾斜与电量监测，经基站或中继器上报',
    },
    functions: [
      num('tilt', ['倾斜角度', 'Tilt angle'], 'float', 0, 90, '°'),
      num('battery', ['电量', 'Battery'], 'int', 0, 100, '%'),
      num('signal', ['信号强度', 'Signal strength'], 'int', -130, 0, 'dBm'),
      {
        kind: 'event',
        identifier: 'tiltAlarm',
        name: '井盖倾斜',
        nameEn: 'Cover tilted',
        level: 'error',
        params: [{ identifier: 'angle', name: '角度', spec: { type: 'float', min: 0, max: 90, unit: '°' } }],
        description: '',
      },
    ],
    keyPrefix: 'lid',
    nameStem: '井盖',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.base,
      name: '井盖基站',
      nameEn: 'Manhole cover base station',
      typeCode: '0502',
      vendor: '城运示范',
      model: 'WB-10',
      description: '汇聚井盖数据',
    },
    functions: [
      num('signal', ['信号强度', 'Signal strength'], 'int', -130, 0, 'dBm'),
      num('linked', ['接入井盖数', 'Linked covers'], 'int', 0, 500, '个'),
    ],
    keyPrefix: 'bs',
    nameStem: '井盖基站',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.repeater,
      name: '井盖中继器',
      nameEn: 'Manhole cover repeater',
      typeCode: '0503',
      vendor: '城运示范',
      model: 'WR-10',
      description: '延伸基站覆盖',
    },
    functions: [
      num('battery', ['电量', 'Battery'], 'int', 0, 100, '%'),
      num('signal', ['信号强度', 'Signal strength'], 'int', -130, 0, 'dBm'),
    ],
    keyPrefix: 'rp',
    nameStem: '中继器',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.switch,
      name: '智能开关',
      nameEn: 'Smart switch',
      typeCode: '0601',
      vendor: '城运示范',
      model: 'SW-2',
      description: '远程通断，上报功率与电压',
    },
    functions: [
      bool('on', ['开关状态', 'Switch state'], '开', '关', true),
      num('power', ['功率', 'Power'], 'float', 0, 5000, 'W'),
      num('voltage', ['电压', 'Voltage'], 'float', 0, 300, 'V'),
      {
        kind: 'service',
        identifier: 'setSwitch',
        name: '开关控制',
        nameEn: 'Switch control',
        params: [
          { identifier: 'on', name: '开关', spec: { type: 'bool', trueLabel: '开', falseLabel: '关' } },
        ],
        description: '',
      },
    ],
    keyPrefix: 'sw',
    nameStem: '智能开关',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.lamp,
      name: '单灯控制器',
      nameEn: 'Lamp controller',
      typeCode: '0201',
      vendor: '城运示范',
      model: 'LC-1',
      description: '路灯开关与调光',
    },
    functions: [
      bool('on', ['开关状态', 'Switch state'], '亮', '灭', true),
      num('brightness', ['亮度', 'Brightness'], 'int', 0, 100, '%', true),
      num('power', ['功率', 'Power'], 'float', 0, 500, 'W'),
      {
        kind: 'service',
        identifier: 'setLamp',
        name: '开关调光',
        nameEn: 'Switch and dim',
        params: [
          { identifier: 'on', name: '开关', spec: { type: 'bool', trueLabel: '亮', falseLabel: '灭' } },
          { identifier: 'brightness', name: '亮度', spec: { type: 'int', min: 0, max: 100, unit: '%' } },
        ],
        description: '',
      },
    ],
    keyPrefix: 'lamp',
    nameStem: '路灯',
  },
  {
    product: {
      productKey: DEMO_PRODUCT_KEYS.gateway,
      name: '物联网关',
      nameEn: 'IoT gateway',
      typeCode: '0701',
      vendor: '城运示范',
      model: 'GW-8',
      description: '八路继电器输出的边缘网关',
    },
    functions: [
      num('uptime', ['运行时长', 'Uptime'], 'int', 0, 2_147_483_647, 's'),
      num('relays', ['继电器状态', 'Relay states'], 'int', 0, 255, ''),
      {
        kind: 'service',
        identifier: 'setRelay',
        name: '继电器控制',
        nameEn: 'Relay control',
        params: [
          { identifier: 'channel', name: '通道', spec: { type: 'int', min: 1, max: 8, unit: '' } },
          { identifier: 'on', name: '通断', spec: { type: 'bool', trueLabel: '通', falseLabel: '断' } },
        ],
        description: '',
      },
      {
        kind: 'service',
        identifier: 'restart',
        name: '重启',
        nameEn: 'Restart',
        params: [],
        description: '',
      },
    ],
    keyPrefix: 'gw',
    nameStem: '网关',
  },
  {
    // Not in the fleet's slots: its few demo devices are DEMO_LOOP_CONTROLLERS (below).
    product: {
      productKey: DEMO_PRODUCT_KEYS.loop,
      name: '回路控制器',
      nameEn: 'Loop controller',
      typeCode: '0301',
      vendor: '城运示范',
      model: 'LP-4',
      description: '路灯供电回路的通断与电量监测',
    },
    functions: [
      bool('on', ['回路状态', 'Loop state'], '通', '断', true),
      num('voltage', ['电压', 'Voltage'], 'float', 0, 450, 'V'),
      num('current', ['电流', 'Current'], 'float', 0, 200, 'A'),
      num('power', ['功率', 'Power'], 'float', 0, 60_000, 'W'),
    ],
    keyPrefix: 'loop',
    nameStem: '回路控制器',
  },
];

/** The demo threshold rules: product key, names, property, operator, threshold, level. */
export const DEMO_RULES = [
  [DEMO_PRODUCT_KEYS.env, ['PM2.5超标', 'PM2.5 too high'], 'pm25', '>', 150, 'common'],
  [DEMO_PRODUCT_KEYS.env, ['噪声超标', 'Too noisy'], 'noise', '>', 85, 'tips'],
  [DEMO_PRODUCT_KEYS.lid, ['井盖倾角超限', 'Cover tilted too far'], 'tilt', '>', 15, 'error'],
  [DEMO_PRODUCT_KEYS.lid, ['井盖电量低', 'Cover battery low'], 'battery', '<', 20, 'tips'],
] as const;

/** A demo rule of the alarm engine on the demo product `productKey`. */
export type DemoEngineRule = Omit<CreateRule, 'productId'> & { productKey: string };

/**
 * The demo's early-warning and offline rules, so that `make start` fills the warning pages
 * and an offline device raises its alarm. The trend rules are tuned to the fleet simulator's daily
 * patterns (simulators/src/fleet/patterns.ts, China time), at its default 10 s reports and at 60 s:
 * - PM2.5 rising by 30 μg/m³ within two hours, for five minutes on end: every sensor at the morning
 *   rush (from about 07:00) and the evening one (from about 17:15); it clears below 50 μg/m³ once
 *   the rush is over (about 09:00 and 20:00). Outside the rush hours the sensor's noise alone never
 *   makes such a rise.
 * - Temperature predicted above 28 ℃ within the hour, for ten minutes on end: the warmer half of the
 *   sensors from late morning (about 11:30) until the afternoon cools (about 16:30).
 * - Each demo product's offline rule: the fleet's offline fault (a connection dropped without a
 *   goodbye, back after 30 s to 5 min) and a gateway's restart open it; the device's return recovers it.
 */
export const DEMO_ENGINE_RULES: readonly DemoEngineRule[] = [
  {
    productKey: DEMO_PRODUCT_KEYS.env,
    name: 'PM2.5快速上升',
    nameEn: 'PM2.5 rising fast',
    mode: 'rise',
    identifier: 'pm25',
    threshold: 30,
    windowSeconds: 7_200,
    durationSeconds: 300,
    clearOperator: '<',
    clearThreshold: 50,
    level: 'common',
  },
  {
    productKey: DEMO_PRODUCT_KEYS.env,
    name: '预计高温',
    nameEn: 'High temperature expected',
    mode: 'predict',
    identifier: 'temperature',
    operator: '>',
    threshold: 28,
    windowSeconds: 3_600,
    durationSeconds: 600,
    level: 'tips',
  },
  ...DEMO_PRODUCTS.map(({ product }): DemoEngineRule => ({
    productKey: product.productKey,
    name: `${product.name}离线`,
    nameEn: `${product.nameEn} offline`,
    mode: 'offline',
    identifier: OFFLINE_IDENTIFIER,
    // Base stations and gateways take the devices behind them along.
    level:
      product.productKey === DEMO_PRODUCT_KEYS.base || product.productKey === DEMO_PRODUCT_KEYS.gateway
        ? 'error'
        : 'common',
  })),
];

/** Of every ten demo devices, how many are of each product (env 2, lid 3, and one of each other). */
const SLOTS: readonly (keyof typeof DEMO_PRODUCT_KEYS)[] = [
  'env',
  'lid',
  'env',
  'lid',
  'base',
  'lid',
  'repeater',
  'switch',
  'lamp',
  'gateway',
];

export interface DemoDevice {
  deviceKey: string;
  controlCode: string;
  name: string;
  productKey: string;
  typeCode: DeviceType;
  longitude: number;
  latitude: number;
}

/** The `n`th demo device of a demo product: its key, control code and name by the product's serials. */
function demoDevice(
  slot: keyof typeof DEMO_PRODUCT_KEYS,
  n: number,
  longitude: number,
  latitude: number,
): DemoDevice {
  const definition = DEMO_PRODUCTS.find((product) => product.product.productKey === DEMO_PRODUCT_KEYS[slot]);
  if (!definition) throw new Error(`no demo product ${slot}`);
  const serial = String(n).padStart(5, '0');
  return {
    deviceKey: `${definition.keyPrefix}-${serial}`,
    controlCode: `${definition.product.typeCode}${serial}`,
    name: `${definition.nameStem}${serial}`,
    productKey: definition.product.productKey,
    typeCode: definition.product.typeCode,
    longitude,
    latitude,
  };
}

/**
 * The demo loop controllers (回路告警 lists their alarms): two cabinets feeding the demo lamps, in the
 * first demo project where the fleet stands. The fleet simulator does not play them, so they stay
 * offline and their offline alarms stay open: what the demo's first hour (server seed events.ts) shows.
 */
export const DEMO_LOOP_CONTROLLERS: readonly DemoDevice[] = [
  { longitude: 113.92851, latitude: 22.53187 },
  { longitude: 113.93915, latitude: 22.53604 },
].map(({ longitude, latitude }, i) => demoDevice('loop', i + 1, longitude, latitude));

/** A small deterministic generator (mulberry32), so every side places the same device at the same spot. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The demo fleet's area: inside the first demo project's outline (深圳南山). */
const AREA = { west: 113.922, east: 113.944, south: 22.527, north: 22.541 };

/** The first `count` devices of the demo fleet, the same on every call and every side. */
export function demoFleetPlan(count: number): DemoDevice[] {
  const perProduct = new Map<string, number>();
  const random = seeded(20_261_124);
  return Array.from({ length: count }, (_, i) => {
    const slot = SLOTS[i % SLOTS.length] ?? 'env';
    const n = (perProduct.get(slot) ?? 0) + 1;
    perProduct.set(slot, n);
    return demoDevice(
      slot,
      n,
      Number((AREA.west + random() * (AREA.east - AREA.west)).toFixed(5)),
      Number((AREA.south + random() * (AREA.north - AREA.south)).toFixed(5)),
    );
  });
}

/**
 * The HMAC-SHA256 key of the demo secrets: a demo device's secret is the first 32 hex characters of
 * HMAC-SHA256(DEMO_FLEET_KEY, deviceKey). Public on purpose: only demo data uses it.
 */
export const DEMO_FLEET_KEY = 'cityops-demo-fleet';
/** The demo fleet's size by default; `DEMO_DEVICES` (server and simulator alike) changes it, up to 10,000. */
export const DEMO_FLEET_DEFAULT = 200;
export const DEMO_FLEET_MAX = 10_000;
