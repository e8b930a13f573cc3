import { createHmac } from 'node:crypto';
import { DEMO_FLEET_KEY } from '@cityops/contract';

/**
 * A demo device's MQTT password: the first 32 hex characters of HMAC-SHA256(DEMO_FLEET_KEY, deviceKey),
 * the same the server's demo seed stores. Demo data only; never printed.
 */
export function demoDeviceSecret(deviceKey: string): string {
  return createHmac('sha256', DEMO_FLEET_KEY).update(deviceKey).digest('hex').slice(0, 32);
}
