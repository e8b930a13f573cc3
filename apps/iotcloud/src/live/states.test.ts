import { describe, expect, it } from 'vitest';
import { lidStatesOf, type LidLimit } from '@cityops/contract';
import { liveDevice } from '../test/devices';
import { relayOn } from './GatewayControlPage';

describe('a well lid’s states (异常监测’s tags)', () => {
  const limits: LidLimit[] = [
    { identifier: 'tilt', operator: '>', threshold: 15 },
    { identifier: 'battery', operator: '<', threshold: 20 },
  ];
  const lid = (online: boolean, values: Record<string, number>, rules = limits) => ({
    ...liveDevice(1, '井盖00001', { typeCode: '0501', online, values }),
    limits: rules,
  });
  it('is normal when online, upright and charged', () => {
    expect(lidStatesOf(lid(true, { tilt: 2, battery: 80 }))).toEqual(['normal']);
  });
  it('is tilted and low by its product’s rules (above 15°, below 20 %), offline when not online, several at once', () => {
    expect(lidStatesOf(lid(true, { tilt: 15.5, battery: 80 }))).toEqual(['tilted']);
    expect(lidStatesOf(lid(true, { tilt: 15, battery: 19 }))).toEqual(['lowBattery']);
    expect(lidStatesOf(lid(false, { tilt: 40, battery: 10 }))).toEqual(['offline', 'tilted', 'lowBattery']);
  });
  it('reads only the limits its product has', () => {
    const steady: LidLimit[] = [{ identifier: 'tilt', operator: '>', threshold: 30 }];
    expect(lidStatesOf(lid(true, { tilt: 20, battery: 5 }, steady))).toEqual(['normal']);
    expect(lidStatesOf(lid(true, { tilt: 31 }, steady))).toEqual(['tilted']);
    expect(lidStatesOf(lid(true, { tilt: 90, battery: 0 }, []))).toEqual(['normal']);
  });
});

describe('a gateway’s relay channels', () => {
  it('reads channel n from bit n-1 of the relays mask', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((channel) => relayOn(0b1000_0101, channel))).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(relayOn(undefined, 1)).toBe(false);
  });
});
