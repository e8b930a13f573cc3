import type { Config } from '../../config.js';

/**
 * The broker address devices are told to use (the device credentials dialog of modules/devices):
 * MQTT_PUBLIC_URL, else the external broker's MQTT_URL, else this host and the embedded broker's port
 * (pass the port it listens on when MQTT_PORT is 0: `runtimeOf(ctx).port()`).
 */
export function publicBrokerUrl(config: Config, port: number | null = null): string {
  if (config.MQTT_PUBLIC_URL) return config.MQTT_PUBLIC_URL;
  if (config.MQTT_URL) {
    // Never the server's own account, should the URL carry one.
    const url = new URL(config.MQTT_URL);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  }
  const host =
    config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '' ? 'localhost' : config.HOST;
  return `mqtt://${host.includes(':') ? `[${host}]` : host}:${port ?? config.MQTT_PORT}`;
}
