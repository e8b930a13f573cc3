import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_KEYS, demoFleetPlan, replyPayloadSchema } from '@cityops/contract';
import { AllowlistKeeper } from './allowlist.js';
import { startFleet, type Fleet } from './fleet.js';
import { startTestBroker, type TestBroker } from './testBroker.js';

let broker: TestBroker | null = null;
let fleet: Fleet | null = null;
afterEach(async () => {
  await fleet?.close();
  await broker?.close();
  fleet = null;
  broker = null;
});

describe('a simulated gateway’s allowlist', () => {
  it('keeps the whole list it is sent and answers its revision and count', () => {
    const keeper = new AllowlistKeeper();
    const reply = keeper.answer({
      id: 'm1',
      ts: 1,
      service: '$allowlist',
      params: { revision: 3, addresses: ['AA:BB:CC:00:11:22', 'SN-1'] },
    });
    expect(replyPayloadSchema.parse(reply)).toEqual({
      id: 'm1',
      code: 0,
      msg: '',
      data: { revision: 3, count: 2 },
    });
    expect(keeper.addresses).toEqual(['AA:BB:CC:00:11:22', 'SN-1']);
    keeper.answer({ id: 'm2', ts: 2, service: '$allowlist', params: { revision: 4, addresses: [] } });
    expect([keeper.revision, keeper.addresses]).toEqual([4, []]);
  });

  it('leaves other commands alone and refuses a malformed list', () => {
    const keeper = new AllowlistKeeper();
    expect(keeper.answer({ id: 'm1', ts: 1, service: 'restart', params: {} })).toBeNull();
    expect(keeper.answer('nonsense')).toBeNull();
    expect(keeper.answer({ id: 'm3', ts: 1, service: '$allowlist', params: { revision: -1 } })).toMatchObject(
      {
        id: 'm3',
        code: 2,
      },
    );
    expect(keeper.revision).toBe(0);
  });
});

describe('the fleet’s gateways over MQTT', () => {
  it('answer $allowlist on reply; other devices ignore it', async () => {
    const count = 20;
    const plan = demoFleetPlan(count);
    const gateway = plan.find((device) => device.productKey === DEMO_PRODUCT_KEYS.gateway);
    const sensor = plan.find((device) => device.productKey === DEMO_PRODUCT_KEYS.env);
    if (!gateway || !sensor) throw new Error('the plan has no gateway or sensor');
    broker = await startTestBroker();
    fleet = startFleet({
      url: broker.url,
      count,
      reportSeconds: 60,
      faults: false,
      backoff: { minMs: 100, maxMs: 400 },
    });
    await fleet.whenConnected(count, 10_000);
    const params = { revision: 2, addresses: ['AA:BB:CC:00:11:22', 'SN-7'] };
    await broker.command(gateway.deviceKey, { id: 'allow-1', ts: Date.now(), service: '$allowlist', params });
    const reply = await broker.waitFor(
      (message) => message.kind === 'reply' && message.payload.includes('allow-1'),
    );
    expect(reply.deviceKey).toBe(gateway.deviceKey);
    expect(JSON.parse(reply.payload)).toEqual({
      id: 'allow-1',
      code: 0,
      msg: '',
      data: { revision: 2, count: 2 },
    });
    await broker.command(sensor.deviceKey, { id: 'allow-2', ts: Date.now(), service: '$allowlist', params });
    await expect(
      broker.waitFor((message) => message.kind === 'reply' && message.payload.includes('allow-2'), 500),
    ).rejects.toThrow();
  });
});
