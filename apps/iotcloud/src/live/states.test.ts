import { describe, expect, it } from 'vitest';
import { liveDevice } from '../test/devices';
import { relayOn } from './GatewayControlPage';
import { lidStates } from './WellLidMonitorPage';

describe('a well lid’s states (异常监测’s filter)', () => {
  const lid = (online: boolean, values: Record<string, number>) =>
    liveDevice(1, '井盖00001', { typeCode: '0501', online, values });
  it('is normal when online, upright and charged', () => {
    expect(lidStates(lid(true, { tilt: 2, battery: 80 }))).toEqual(['normal']);
  });
  it('is tilted above the rule’s 15°, low below 20 %, offline when not online, several at once', () => {
    expect(lidStates(lid(true, { tilt: 15.5, battery: 80 }))).toEqual(['tilted']);
    expect(lidStates(lid(true, { tilt: 15, battery: 19 }))).toEqual(['lowBattery']);
    expect(lidStates(lid(false, { tilt: 40, battery: 10 }))).toEqual(['offline', 'tilted', 'lowBattery']);
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
