import { createHash, createHmac, randomBytes } from 'node:crypto';
import { DEMO_FLEET_KEY } from '@cityops/contract';
import type { SecretBox } from '../../db/secretBox.js';

/**
 * A device's MQTT credentials: its key (client id and user name) and a secret (the password).
 *
 * The broker (modules/iot) checks a password by comparing `secretHash(password)` with the stored hash.
 * A plain SHA-256 is enough here, unlike for people's passwords: a device secret is 16 random bytes
 * (128 bits), never chosen by a person, so there is no dictionary to try and nothing a slow hash
 * (scrypt, bcrypt) would add but CPU on every one of 10,000 devices reconnecting. The secret itself is
 * also kept sealed (db/secretBox.ts) so the credentials page can show it to the installer again.
 * Secrets are never logged.
 */

const SECRET_BYTES = 16;
const DEMO_SECRET_CHARS = 32;

/** A fresh secret: 16 random bytes as 32 lower-case hex characters. */
export const newSecret = (): string => randomBytes(SECRET_BYTES).toString('hex');

/** What the broker compares a device's password against: SHA-256 of the secret, lower-case hex. */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * A demo device's secret (contract demo.ts): the first 32 hex characters of
 * HMAC-SHA256(DEMO_FLEET_KEY, deviceKey); the fleet simulator computes the same.
 */
export const demoFleetSecret = (deviceKey: string): string =>
  createHmac('sha256', DEMO_FLEET_KEY).update(deviceKey).digest('hex').slice(0, DEMO_SECRET_CHARS);

/** The stored columns of a secret: sealed for reading back, hashed for the broker. */
export const secretColumns = (box: SecretBox, secret: string) => ({
  secretSealed: box.seal(secret),
  secretHash: secretHash(secret),
});

/** The embedded broker's default port, named when MQTT_PORT names none (0: a free port, -1: none). */
const MQTT_DEFAULT_PORT = 1883;

/**
 * The broker address devices connect to: MQTT_PUBLIC_URL when set; else the external broker's
 * (MQTT_URL, its scheme, host and port only: never a user name or password written into it); else the
 * embedded broker's port (MQTT_PORT, 1883 when it names none) on the host name the caller reached the
 * server by.
 */
export function brokerUrl(
  config: { MQTT_PUBLIC_URL?: string | undefined; MQTT_URL?: string | undefined; MQTT_PORT: number },
  hostname: string,
): string {
  if (config.MQTT_PUBLIC_URL) return config.MQTT_PUBLIC_URL;
  if (config.MQTT_URL) {
    const external = new URL(config.MQTT_URL);
    return `${external.protocol}//${external.host}`;
  }
  // `hostname` may carry the port (`host:8080`) or be an IPv6 literal (`[::1]:8080`).
  const host = hostname.startsWith('[')
    ? hostname.slice(0, hostname.indexOf(']') + 1)
    : hostname.split(':')[0];
  const port = config.MQTT_PORT > 0 ? config.MQTT_PORT : MQTT_DEFAULT_PORT;
  return `mqtt://${host || 'localhost'}:${port}`;
}
