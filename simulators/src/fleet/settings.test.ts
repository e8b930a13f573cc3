import { describe, expect, it } from 'vitest';
import { DEMO_FLEET_DEFAULT } from '@cityops/contract';
import { readFleetSettings } from './settings.js';

describe('fleet settings', () => {
  it('has demo defaults, an empty variable counting as unset', () => {
    expect(readFleetSettings({ DEMO_DEVICES: '', FLEET_FAULTS: '' })).toEqual({
      DEMO_DEVICES: DEMO_FLEET_DEFAULT,
      FLEET_MQTT_URL: 'mqtt://127.0.0.1:1883',
      FLEET_REPORT_SECONDS: 10,
      FLEET_FAULTS: 'on',
      FLEET_CONNECT_RATE: 200,
      FLEET_ADMIN_PORT: 10_803,
      FLEET_OTA_CORRUPT: [],
    });
    expect(readFleetSettings({ FLEET_OTA_CORRUPT: 'env-00001, sw-00002' }).FLEET_OTA_CORRUPT).toEqual([
      'env-00001',
      'sw-00002',
    ]);
  });

  it('reads the variables and refuses what is out of bounds', () => {
    expect(
      readFleetSettings({
        DEMO_DEVICES: '10000',
        FLEET_MQTT_URL: 'mqtt://10.0.0.5:2883',
        FLEET_FAULTS: 'off',
      }),
    ).toMatchObject({ DEMO_DEVICES: 10_000, FLEET_MQTT_URL: 'mqtt://10.0.0.5:2883', FLEET_FAULTS: 'off' });
    expect(() => readFleetSettings({ DEMO_DEVICES: '10001' })).toThrow(/DEMO_DEVICES/);
    expect(() => readFleetSettings({ FLEET_FAULTS: 'sometimes' })).toThrow(/FLEET_FAULTS/);
    expect(() => readFleetSettings({ FLEET_MQTT_URL: 'localhost:1883' })).toThrow(/FLEET_MQTT_URL/);
    expect(() => readFleetSettings({ FLEET_REPORT_SECONDS: '0' })).toThrow(/FLEET_REPORT_SECONDS/);
  });
});
