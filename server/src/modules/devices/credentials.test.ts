import { createHash, createHmac } from 'node:crypto';
import { DEMO_FLEET_DEFAULT, DEMO_FLEET_KEY } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { brokerUrl, demoFleetSecret, newSecret, secretHash } from './credentials.js';

describe('device credentials', () => {
  it('makes 32-hex secrets, hashes them with SHA-256 and derives the demo ones with HMAC-SHA256', () => {
    const secrets = new Set(Array.from({ length: 100 }, newSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect(secretHash('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(demoFleetSecret('lid-00001')).toBe(
      createHmac('sha256', DEMO_FLEET_KEY).update('lid-00001').digest('hex').slice(0, 32),
    );
  });

  it('names the broker: MQTT_PUBLIC_URL, else MQTT_URL, else the embedded broker port (MQTT_PORT) on the host the caller used', () => {
    const embedded = { MQTT_PORT: 1883 };
    expect(brokerUrl({ MQTT_PUBLIC_URL: 'mqtts://iot.city.example:8883', MQTT_PORT: 1884 }, 'ignored')).toBe(
      'mqtts://iot.city.example:8883',
    );
    expect(brokerUrl(embedded, 'city.example:8080')).toBe('mqtt://city.example:1883');
    expect(brokerUrl(embedded, '10.0.0.5')).toBe('mqtt://10.0.0.5:1883');
    expect(brokerUrl(embedded, '[::1]:8080')).toBe('mqtt://[::1]:1883');
    // The port the embedded broker really listens on, as loaded from the environment.
    expect(brokerUrl(loadConfig({ MQTT_PORT: '11883' }), 'city.example:8080')).toBe(
      'mqtt://city.example:11883',
    );
    expect(brokerUrl(loadConfig({ MQTT_PORT: '11883' }), '[::1]:8080')).toBe('mqtt://[::1]:11883');
    // An external broker: its address, without the server's own account at it.
    expect(brokerUrl(loadConfig({ MQTT_URL: 'mqtts://server:pw@emqx.city.example:8883' }), 'ignored')).toBe(
      'mqtts://emqx.city.example:8883',
    );
    // No port of its own to name (a free one, or none): the default.
    expect(brokerUrl({ MQTT_PORT: 0 }, 'city.example')).toBe('mqtt://city.example:1883');
    expect(brokerUrl({ MQTT_PORT: -1 }, 'city.example')).toBe('mqtt://city.example:1883');
  });
});

describe('the settings', () => {
  it('reads DEMO_DEVICES (0..10,000, default 200) and MQTT_PUBLIC_URL', () => {
    expect(loadConfig({}).DEMO_DEVICES).toBe(DEMO_FLEET_DEFAULT);
    expect(loadConfig({}).MQTT_PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ DEMO_DEVICES: '0' }).DEMO_DEVICES).toBe(0);
    expect(loadConfig({ DEMO_DEVICES: '10000' }).DEMO_DEVICES).toBe(10_000);
    expect(loadConfig({ MQTT_PUBLIC_URL: 'mqtt://iot.example:1883' }).MQTT_PUBLIC_URL).toBe(
      'mqtt://iot.example:1883',
    );
    for (const env of [
      { DEMO_DEVICES: '10001' },
      { DEMO_DEVICES: '-1' },
      { DEMO_DEVICES: 'many' },
      { MQTT_PUBLIC_URL: 'http://iot.example' },
      { MQTT_PUBLIC_URL: 'mqtt://iot.example/path' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
