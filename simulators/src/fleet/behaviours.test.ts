import { describe, expect, it } from 'vitest';
import {
  checkValue,
  DEMO_PRODUCT_KEYS,
  DEMO_PRODUCTS,
  demoFleetPlan,
  type TelemetryValue,
} from '@cityops/contract';
import { behaviourOf } from './behaviours.js';
import { reportSlot } from './fleet.js';
import { chinaHour, humidityAt, noiseAt, pm25At, seededRandom, seedOf, temperatureAt } from './patterns.js';

/** 2026-11-24 00:00 in China time (UTC+8). */
const MIDNIGHT_CHINA = Date.UTC(2026, 10, 23, 16, 0, 0);
const HOUR = 3_600_000;

/** The reason a value breaks the product's model, or null; unknown identifiers break it too. */
function problemOf(productKey: string, identifier: string, value: TelemetryValue): string | null {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.product.productKey === productKey);
  const property = product?.functions.find((fn) => fn.kind === 'property' && fn.identifier === identifier);
  if (!property || property.kind !== 'property') return 'unknown property';
  return checkValue(property.spec, value);
}

describe('daily patterns (China time)', () => {
  it('reads the hour of day in UTC+8', () => {
    expect(chinaHour(MIDNIGHT_CHINA)).toBe(0);
    expect(chinaHour(MIDNIGHT_CHINA + 15.5 * HOUR)).toBeCloseTo(15.5);
  });

  it('is warmest mid-afternoon, most humid before dawn, dusty at rush hours, loud by day', () => {
    expect(temperatureAt(15, 20)).toBeGreaterThan(temperatureAt(3, 20) + 10);
    expect(humidityAt(4, 65)).toBeGreaterThan(humidityAt(15, 65) + 20);
    expect(pm25At(8, 30)).toBeGreaterThan(pm25At(12, 30) + 30);
    expect(pm25At(18.5, 30)).toBeGreaterThan(pm25At(3, 30) + 40);
    expect(noiseAt(14, 62)).toBeGreaterThan(noiseAt(3, 62) + 15);
  });
});

describe('device behaviours', () => {
  const plan = demoFleetPlan(200);

  it('reports values inside the thing model, every product, every hour of a day', () => {
    const seen = new Set<string>();
    for (const device of plan) {
      const behaviour = behaviourOf(device, seededRandom(seedOf(device.deviceKey)), MIDNIGHT_CHINA, {
        lidsPerBase: 3,
      });
      for (let hour = 0; hour < 24; hour += 1) {
        const values = behaviour.report(MIDNIGHT_CHINA + hour * HOUR);
        for (const [identifier, value] of Object.entries(values)) {
          expect(
            problemOf(device.productKey, identifier, value),
            `${device.deviceKey}.${identifier}`,
          ).toBeNull();
        }
      }
      seen.add(device.productKey);
    }
    // Every demo product but the loop controller's: its demo devices are not in the fleet's plan.
    expect([...seen].sort()).toEqual(
      DEMO_PRODUCTS.map(({ product }) => product.productKey)
        .filter((key) => key !== DEMO_PRODUCT_KEYS.loop)
        .sort(),
    );
  });

  it('has an out-of-range value for every product that the model refuses', () => {
    for (const device of plan.slice(0, 10)) {
      const behaviour = behaviourOf(device, seededRandom(1), MIDNIGHT_CHINA, { lidsPerBase: 3 });
      const [identifier, value] = behaviour.outOfRange();
      expect(problemOf(device.productKey, identifier, value)).toBe('thing.outOfRange');
    }
  });

  it('lights the lamps at night and dims them after midnight', () => {
    const lamp = plan.find((device) => device.productKey === 'street-lamp');
    if (!lamp) throw new Error('no lamp');
    const behaviour = behaviourOf(lamp, seededRandom(2), MIDNIGHT_CHINA, { lidsPerBase: 3 });
    expect(behaviour.report(MIDNIGHT_CHINA + 20 * HOUR)).toMatchObject({ on: true, brightness: 80 });
    expect(behaviour.report(MIDNIGHT_CHINA + 2 * HOUR)).toMatchObject({ on: true, brightness: 50 });
    expect(behaviour.report(MIDNIGHT_CHINA + 12 * HOUR)).toMatchObject({ on: false });
    const outcome = behaviour.command('setLamp', { on: true, brightness: 30 }, MIDNIGHT_CHINA + 12 * HOUR);
    expect(outcome.reply).toMatchObject({ code: 0, data: { on: true, brightness: 30 } });
    expect(behaviour.report(MIDNIGHT_CHINA + 13 * HOUR)).toMatchObject({ on: true, brightness: 30 });
    // The schedule takes over again at its next switch (dusk).
    expect(behaviour.report(MIDNIGHT_CHINA + 19 * HOUR)).toMatchObject({ on: true, brightness: 80 });
  });

  it('answers services by the thing model: relays by bitmask, refusals with a reason', () => {
    const gateway = plan.find((device) => device.productKey === 'iot-gateway');
    if (!gateway) throw new Error('no gateway');
    const behaviour = behaviourOf(gateway, seededRandom(3), MIDNIGHT_CHINA, { lidsPerBase: 3 });
    behaviour.command('setRelay', { channel: 3, on: true }, MIDNIGHT_CHINA);
    const off = behaviour.command('setRelay', { channel: 1, on: false }, MIDNIGHT_CHINA);
    const relays = Number(off.reply.data?.relays);
    expect(relays & 0b100).toBe(0b100);
    expect(relays & 0b1).toBe(0);
    expect(behaviour.command('setRelay', { channel: 9, on: true }, MIDNIGHT_CHINA).reply).toMatchObject({
      code: 2,
      msg: 'channel: thing.outOfRange',
    });
    expect(behaviour.command('explode', {}, MIDNIGHT_CHINA).reply.code).toBe(1);
    expect(behaviour.command('restart', {}, MIDNIGHT_CHINA)).toMatchObject({
      reply: { code: 0 },
      restartSeconds: 3,
    });
  });
});

describe('report slots', () => {
  it('spreads 10,000 devices evenly over the 100 slots of a 10 s period', () => {
    const perSlot = new Array<number>(100).fill(0);
    for (let index = 0; index < 10_000; index += 1) {
      const slot = reportSlot(index, 100);
      perSlot[slot] = (perSlot[slot] ?? 0) + 1;
    }
    expect(Math.min(...perSlot)).toBeGreaterThanOrEqual(95);
    expect(Math.max(...perSlot)).toBeLessThanOrEqual(105);
  });
});
