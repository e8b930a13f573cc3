import { z } from 'zod';

/**
 * Faults a test can inject per camera, and what the browser player should then report:
 * - refuse: the websocket upgrade is rejected (0x12f910000)
 * - drop: the stream starts, then the connection is cut (0x12f910011)
 * - stall: the socket opens and nothing is ever sent (0x12f910027 after 20 s)
 * - slowOpen: the upgrade is answered only after SLOW_OPEN_MS, past the 6 s connect timeout (0x12f910023)
 * - offline: the platform reports the device offline; URL requests fail with the vendor's error code and
 *   sockets of URLs handed out earlier stay silent, as a media server does when the device is gone
 */
export const faultSchema = z.enum(['refuse', 'drop', 'stall', 'slowOpen', 'offline']);
export type Fault = z.infer<typeof faultSchema>;

export const faults = faultSchema.options;

export interface FaultTimings {
  /** how long a `drop` stream runs before it is cut */
  dropAfterMs: number;
  /** how long a `slowOpen` upgrade waits */
  slowOpenMs: number;
}

export const defaultFaultTimings: FaultTimings = { dropAfterMs: 3000, slowOpenMs: 7000 };
