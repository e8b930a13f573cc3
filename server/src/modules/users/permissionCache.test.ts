import { describe, expect, it } from 'vitest';
import { PermissionCache, type HeldResource } from './permissionCache.js';

const resource = (code: string) => ({ code }) as HeldResource;

function cacheOf(ttlMs: number, maxUsers = 10) {
  let clock = 0;
  const loads: number[] = [];
  const held = new Map<number, string[]>([
    [1, ['userManage', 'userManage_add']],
    [2, ['iotcloud_iot_videoMonitor']],
  ]);
  const cache = new PermissionCache(
    async (userId) => {
      loads.push(userId);
      const codes = held.get(userId) ?? [];
      await Promise.resolve();
      if (userId === 99) throw new Error('database gone');
      return codes.map(resource);
    },
    ttlMs,
    maxUsers,
    () => clock,
  );
  return { cache, loads, held, tick: (ms: number) => (clock += ms) };
}

describe('the permission cache', () => {
  it('runs a lazy query once, however often its answer is read', async () => {
    // Like a drizzle query builder: nothing runs until `then`, and every `then` runs it again.
    let runs = 0;
    const lazy: PromiseLike<HeldResource[]> = {
      then: (done, failed) => {
        runs += 1;
        return Promise.resolve([resource('userManage')]).then(done, failed);
      },
    };
    const cache = new PermissionCache(() => lazy, 10_000);
    for (let call = 0; call < 3; call++) {
      await cache.holds(1, 'userManage');
      await cache.resources(1);
    }
    expect(runs).toBe(1);
  });

  it('reads a user’s permissions once while fresh, sharing one load between concurrent callers', async () => {
    const { cache, loads, tick } = cacheOf(10_000);
    const answers = await Promise.all([
      cache.holds(1, 'USERMANAGE_ADD'),
      cache.holds(1, 'roleManage'),
      cache.resources(1),
    ]);
    expect(answers.slice(0, 2)).toEqual([true, false]);
    expect(loads).toEqual([1]);
    tick(9_999);
    await cache.holds(1, 'userManage');
    expect(loads).toEqual([1]);
    tick(1);
    await cache.holds(1, 'userManage');
    expect(loads).toEqual([1, 1]);
  });

  it('reads afresh after a change, even one made while a load was under way', async () => {
    const { cache, loads, held } = cacheOf(10_000);
    expect(await cache.holds(2, 'userManage')).toBe(false);
    held.set(2, ['userManage']);
    cache.forget();
    expect(await cache.holds(2, 'userManage')).toBe(true);

    cache.forget();
    const loading = cache.holds(2, 'roleManage');
    held.set(2, ['roleManage']);
    cache.forget();
    expect(await loading).toBe(false);
    expect(await cache.holds(2, 'roleManage')).toBe(true);
    expect(loads).toEqual([2, 2, 2, 2]);
  });

  it('does not keep a failed load, and reads every time when turned off', async () => {
    const { cache, loads } = cacheOf(10_000);
    await expect(cache.holds(99, 'x')).rejects.toThrow('database gone');
    await expect(cache.resources(99)).rejects.toThrow('database gone');
    expect(loads).toEqual([99, 99]);

    const off = cacheOf(0);
    await off.cache.holds(1, 'userManage');
    await off.cache.holds(1, 'userManage');
    expect(off.loads).toEqual([1, 1]);
  });

  it('keeps at most maxUsers, letting the longest-loaded go first', async () => {
    const { cache, loads } = cacheOf(10_000, 2);
    for (const userId of [1, 2, 3, 3, 2]) await cache.holds(userId, 'x');
    expect(loads).toEqual([1, 2, 3]);
    await cache.holds(1, 'x');
    expect(loads).toEqual([1, 2, 3, 1]);
  });
});
