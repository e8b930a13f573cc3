import { describe, expect, it } from 'vitest';
import { ReadCache } from './readCache.js';

describe('a read cache', () => {
  it('reads once for every caller within its period, again after it or once forgotten', async () => {
    let reads = 0;
    let now = 0;
    const cache = new ReadCache(
      () => Promise.resolve((reads += 1)),
      1_000,
      () => now,
    );
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get()).toBe(1);
    now = 1_000;
    expect(await cache.get()).toBe(2);
    cache.forget();
    expect(await cache.get()).toBe(3);
  });

  it('keeps no failed read, and reads every time with a period of 0', async () => {
    let fail = true;
    const cache = new ReadCache(
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')),
      60_000,
    );
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe('up');

    let reads = 0;
    const uncached = new ReadCache(() => Promise.resolve((reads += 1)), 0);
    await uncached.get();
    await uncached.get();
    expect(reads).toBe(2);
  });
});
