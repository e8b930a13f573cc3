import { deviceTopic, type FunctionFields, type TopicKind } from '@cityops/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Database } from '../db/connection.js';
import { alarmRules, devices, productFunctions, products, projects } from '../db/schema.js';
import { secretHash } from '../modules/devices/credentials.js';

/**
 * Devices for the device runtime's tests, written straight into the registry's tables (the registry's
 * own endpoints are another module's), and a real MQTT client to play the device.
 */

let serial = 0;
const next = () => (serial += 1);

export async function insertProject(db: Database, name = `iot-project-${next()}`) {
  const [row] = await db.insert(projects).values({ name }).returning({ id: projects.id });
  if (!row) throw new Error('no project');
  return row.id;
}

/** A product with these functions (their definitions as the registry stores them) and threshold rules. */
export async function insertProduct(
  db: Database,
  options: {
    typeCode?: string;
    offlineAfterSeconds?: number;
    functions: FunctionFields[];
    rules?: Array<Omit<typeof alarmRules.$inferInsert, 'productId'>>;
  },
) {
  const n = next();
  const [product] = await db
    .insert(products)
    .values({
      productKey: `test-product-${n}`,
      name: `测试产品${n}`,
      typeCode: options.typeCode ?? '0401',
      offlineAfterSeconds: options.offlineAfterSeconds ?? 300,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('no product');
  for (const { kind, identifier, name, ...definition } of options.functions)
    await db.insert(productFunctions).values({
      productId: product.id,
      kind,
      identifier,
      name,
      definition: definition as FunctionFields,
    });
  for (const rule of options.rules ?? [])
    await db.insert(alarmRules).values({ productId: product.id, ...rule });
  return product.id;
}

export interface TestDevice {
  id: number;
  deviceKey: string;
  secret: string;
}

export async function insertDevice(
  db: Database,
  options: { productId: number; projectId: number; enabled?: boolean; name?: string },
): Promise<TestDevice> {
  const n = next();
  const deviceKey = `test-device-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const secret = `secret-${Math.random().toString(36).slice(2)}`;
  const [row] = await db
    .insert(devices)
    .values({
      deviceKey,
      controlCode: deviceKey,
      name: options.name ?? `测试设备${n}`,
      productId: options.productId,
      projectId: options.projectId,
      enabled: options.enabled ?? true,
      secretSealed: 'test',
      secretHash: secretHash(secret),
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('no device');
  return { id: row.id, deviceKey, secret };
}

/** Signs a device in to the broker; rejects with the broker's refusal. */
export async function connectDevice(
  url: string,
  device: { deviceKey: string; secret: string },
  options: IClientOptions = {},
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: device.deviceKey,
    username: device.deviceKey,
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
  return client;
}

export const publishAs = (client: MqttClient, deviceKey: string, kind: TopicKind, payload: unknown) =>
  client.publishAsync(
    deviceTopic(deviceKey, kind),
    typeof payload === 'string' ? payload : JSON.stringify(payload),
    {
      qos: 1,
    },
  );

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The environment sensor's model, as the tests use it. */
export const SENSOR_FUNCTIONS: FunctionFields[] = [
  {
    kind: 'property',
    identifier: 'temperature',
    name: '温度',
    spec: { type: 'float', min: -40, max: 80, unit: '℃' },
    writable: false,
    description: '',
  },
  {
    kind: 'property',
    identifier: 'humidity',
    name: '湿度',
    spec: { type: 'int', min: 0, max: 100, unit: '%' },
    writable: false,
    description: '',
  },
  {
    kind: 'property',
    identifier: 'switch',
    name: '开关',
    spec: { type: 'bool', trueLabel: '开', falseLabel: '关' },
    writable: true,
    description: '',
  },
  {
    kind: 'service',
    identifier: 'setSwitch',
    name: '开关控制',
    params: [{ identifier: 'on', name: '开', spec: { type: 'bool', trueLabel: '', falseLabel: '' } }],
    description: '',
  },
  { kind: 'event', identifier: 'tilt', name: '井盖倾斜', level: 'error', params: [], description: '' },
];
