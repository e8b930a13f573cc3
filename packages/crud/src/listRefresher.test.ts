import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { alarmEndpoints } from '@cityops/contract';
import { endpointKey, listRefresher } from './queries.js';

/** An open list whose every read waits until the test lets it finish; counts reads started and done. */
function openList() {
  const client = new QueryClient();
  const reads = { started: 0, done: 0, release: [] as Array<() => void> };
  const observer = new QueryObserver(client, {
    queryKey: endpointKey(alarmEndpoints.page),
    queryFn: ({ signal }) =>
      new Promise<number>((resolve, reject) => {
        const n = ++reads.started;
        signal.addEventListener('abort', () => reject(new Error(`read ${n} cancelled`)));
        reads.release.push(() => {
          reads.done += 1;
          resolve(n);
        });
      }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, observer, reads, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('listRefresher', () => {
  it('lets a read finish under a burst of frames, then reads once more for the frames that came during it', async () => {
    const { client, observer, reads, unsubscribe } = openList();
    await settle();
    reads.release.shift()?.(); // the first load
    await settle();
    const refresh = listRefresher(client, [alarmEndpoints.page]);

    refresh();
    await settle();
    expect(reads.started).toBe(2);
    for (let frame = 0; frame < 5; frame += 1) refresh(); // a burst while read 2 runs
    await settle();
    expect(reads.started).toBe(2); // not cancelled, not restarted

    reads.release.shift()?.();
    await settle();
    expect(reads.done).toBe(2);
    expect(reads.started).toBe(3); // one more read for the whole burst
    reads.release.shift()?.();
    await settle();
    expect(observer.getCurrentResult().data).toBe(3);
    expect(reads.started).toBe(3);
    unsubscribe();
  });

  it('reads at once for a frame when no read is running', async () => {
    const { client, reads, unsubscribe } = openList();
    await settle();
    reads.release.shift()?.();
    await settle();
    const refresh = listRefresher(client, [alarmEndpoints.page]);
    refresh();
    await settle();
    reads.release.shift()?.();
    await settle();
    refresh();
    await settle();
    expect(reads.started).toBe(3);
    unsubscribe();
  });
});
