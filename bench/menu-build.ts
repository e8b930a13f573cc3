/**
 * Building menus from 5,000 permission items (50 systems x 99 pages, shuffled), as the shell does on
 * every sign-in. Prints timings; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { buildUserMenu } from '@cityops/client';
import { ROUTE_TABLE, type PermissionItem } from '@cityops/contract';

const pages = ROUTE_TABLE.filter((route) => route.access === 'permission');
const items: PermissionItem[] = [];
for (let s = 0; s < 50; s++) {
  items.push({
    id: 10_000 + s,
    parentId: 0,
    code: `system${s}`,
    type: 0,
    name: `系统${s}`,
    url: '',
    sortNum: 50 - s,
    icon: '',
    level: 1,
  });
  for (let p = 0; p < 99; p++) {
    const route = pages[(s * 99 + p) % pages.length];
    items.push({
      id: 20_000 + s * 100 + p,
      parentId: 10_000 + s,
      code: route?.code ?? 'missing',
      type: 2,
      name: route?.title ?? '页面',
      url: route?.path ?? '#',
      sortNum: (p * 37) % 99,
      icon: '',
      level: 2,
    });
  }
}
// The server answers in its own order; shuffle so sorting does real work.
for (let i = items.length - 1; i > 0; i--) {
  const j = (i * 7919) % (i + 1);
  [items[i], items[j]] = [items[j] as PermissionItem, items[i] as PermissionItem];
}

const WARMUP = 20;
const RUNS = 200;
for (let i = 0; i < WARMUP; i++) buildUserMenu(items);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  buildUserMenu(items);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? NaN).toFixed(2);
console.log(
  `menu build, ${items.length} items: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms (${RUNS} runs)`,
);
