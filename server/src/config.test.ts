import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { serverClientId } from './modules/iot/broker.js';
import { TEST_SECRETS_KEY, TEST_VENDOR, TEST_VENDOR_PUBLIC_KEY } from './test/licence.js';

describe('configuration', () => {
  it('has defaults for everything in demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: resolve('./data'),
      CITYOPS_MODE: 'demo',
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_AGE_HOURS: 12,
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT: 60,
      LOG_PURGE_HOURS: 24,
      TRUST_PROXY: false,
      SHUTDOWN_GRACE_MS: 10_000,
      TRUSTED_PROXIES: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SHELL_DIST).toBe(resolve(import.meta.dirname, '../../apps/shell/dist'));
  });

  it('treats empty variables as unset and reads the rest', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      SESSION_IDLE_MINUTES: '5',
      TRUST_PROXY: 'true',
      TRUSTED_PROXIES: '10.0.0.5',
    });
    expect(config).toMatchObject({ PORT: 8080, SESSION_IDLE_MINUTES: 5, TRUST_PROXY: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('serves every sub-app by default, none, or the ones listed', () => {
    expect(loadConfig({}).SUBAPP_HOSTS).toEqual(['iotcloud', 'omapp', 'opapp', 'zcapp', 'esapp', 'llapp']);
    expect(loadConfig({ SUBAPP_HOSTS: 'none' }).SUBAPP_HOSTS).toEqual([]);
    expect(loadConfig({ SUBAPP_HOSTS: ' IotCloud, omapp ' }).SUBAPP_HOSTS).toEqual(['iotcloud', 'omapp']);
    expect(() => loadConfig({ SUBAPP_HOSTS: 'iotcloud,shell' })).toThrow(/SUBAPP_HOSTS/);
  });

  it('runs the embedded MQTT broker on 1883 unless told otherwise, and keeps 30 days of telemetry', () => {
    const config = loadConfig({});
    expect([config.MQTT_PORT, config.MQTT_URL, config.TELEMETRY_RETENTION_DAYS]).toEqual([
      1883,
      undefined,
      30,
    ]);
    expect(loadConfig({ MQTT_PORT: '-1' }).MQTT_PORT).toBe(-1);
    expect(loadConfig({ MQTT_URL: 'mqtts://emqx.city.example:8883' }).MQTT_URL).toBe(
      'mqtts://emqx.city.example:8883',
    );
    // The history pages reach back 7 days: a shorter retention would lose what they show.
    expect(() => loadConfig({ TELEMETRY_RETENTION_DAYS: '7' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_PORT: '-2' })).toThrow(/MQTT_PORT/);
  });

  it('gives each instance its own lasting session at an external broker', () => {
    const config = loadConfig({});
    expect(serverClientId(config)).toBe(`cityops-${hostname()}-8080`);
    expect(serverClientId(loadConfig({ PORT: '8081' }))).not.toBe(serverClientId(config));
    expect(serverClientId(loadConfig({ MQTT_CLIENT_ID: 'cityops-a' }))).toBe('cityops-a');
    expect(config.MQTT_SESSION_EXPIRY_S).toBe(3600);
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'two words' })).toThrow(/MQTT_CLIENT_ID/);
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_S: '0' })).toThrow(/MQTT_SESSION_EXPIRY_S/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CITYOPS_MODE: 'test' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*CITYOPS_MODE/,
    );
  });

  it('refuses production without an admin password, or with a weak one', () => {
    expect(() => loadConfig({ CITYOPS_MODE: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ CITYOPS_MODE: 'production' })).toThrow(/CITYOPS_ADMIN_PASSWORD: is required/);
    expect(() => loadConfig({ CITYOPS_MODE: 'production', CITYOPS_ADMIN_PASSWORD: 'password' })).toThrow(
      /CITYOPS_ADMIN_PASSWORD: The password needs/,
    );
    expect(
      loadConfig({
        CITYOPS_MODE: 'production',
        CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1',
        LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY,
        SECRETS_KEY: TEST_SECRETS_KEY,
      }).CITYOPS_MODE,
    ).toBe('production');
  });

  it('refuses production without a key to seal the stored secrets', () => {
    expect(() =>
      loadConfig({
        CITYOPS_MODE: 'production',
        CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1',
        LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY,
      }),
    ).toThrow(/SECRETS_KEY: is required when CITYOPS_MODE=production/);
  });

  it('refuses production without a licence vendor key, and a key that is not Ed25519', () => {
    expect(() => loadConfig({ CITYOPS_MODE: 'production', CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1' })).toThrow(
      /LICENCE_PUBLIC_KEY: is required when CITYOPS_MODE=production/,
    );
    expect(() => loadConfig({ LICENCE_PUBLIC_KEY: 'bm90IGEga2V5' })).toThrow(
      /LICENCE_PUBLIC_KEY: must be an Ed25519 public key/,
    );
    const pem = TEST_VENDOR.publicKeyPem;
    expect(loadConfig({ LICENCE_PUBLIC_KEY: pem }).LICENCE_PUBLIC_KEY).toBe(pem);
  });

  it('stops the server before it starts when production has no admin password', () => {
    const server = join(import.meta.dirname, '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: server,
      env: {
        PATH: process.env.PATH,
        CITYOPS_MODE: 'production',
        PORT: '0',
        DATA_DIR: '/nonexistent/never-created',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CITYOPS_ADMIN_PASSWORD: is required when CITYOPS_MODE=production');
    expect(run.stdout).not.toContain('CityOps server on');
  });
});
