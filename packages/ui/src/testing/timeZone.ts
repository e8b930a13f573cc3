/// <reference types="node" />
import { afterAll, beforeAll } from 'vitest';

/**
 * Runs a test file's tests with the browser in another time zone than the platform's (Node reads
 * `TZ` again whenever it is set), and puts the zone back afterwards.
 */
export function inBrowserZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
