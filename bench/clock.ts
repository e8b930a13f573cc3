import { performance } from 'node:perf_hooks';

/** Now, in epoch milliseconds with sub-millisecond precision: comparable with a page's `performance.timeOrigin + now()`. */
export const wallMs = () => performance.timeOrigin + performance.now();
