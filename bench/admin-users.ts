/**
 * The user list (userEndpoints.page, POST /api/user/userList) over 100,000 users: latency of page 1,
 * of page 5,000 (pageSize 20, offset 99,980) and of a name filter (name contains 李), median and p90
 * over RUNS calls after WARMUP, on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL.
 * The server is built in this process and called with app.inject: the numbers are the server (routing,
 * access check, validation, the query, serialisation) without the network. Prints numbers; asserts
 * nothing.
 */
import { performance } from 'node:perf_hooks';
import { API_PREFIX, userEndpoints, type Envelope, type Page, type UserListRequest } from '@cityops/contract';
import { databaseKinds, ms, quantile, signedIn, startBenchApp, type BenchApp } from './serverApp.js';

const USERS = 100_000;
const WARMUP = 3;
const RUNS = 20;

const SURNAMES = [
  // Weighted roughly as in the population: the first few are the most common.
  ...['王', '李', '张', '王', '李', '张', '王', '李', '张', '刘', '陈', '刘', '陈'],
  ...['杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林'],
  ...['罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '欧阳', '诸葛'],
];
const GIVEN = [
  ...['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛'],
  ...['明', '超', '秀', '霞', '平', '刚', '桂', '英', '华', '建', '国', '文', '辉', '玲', '鹏'],
  ...['宇', '浩', '婷', '雪', '琳', '晨', '欣', '子', '梓', '涵'],
];
const ROLES = ['巡检员', '调度员', '维修工', '值班长', '访客'];
const ORGS = 50;

/** padEnd by the width a terminal shows: a Chinese character takes two columns. */
const padShown = (text: string, width: number) =>
  text.padEnd(width - [...text].filter((c) => c >= '\u2e80').length);

const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/** Organizations and roles, then the users in one statement, then their roles in another. */
async function fill(bench: BenchApp) {
  const timings: [string, number][] = [];
  const timed = async (what: string, statement: string) => {
    const started = performance.now();
    await bench.sql(statement);
    timings.push([what, performance.now() - started]);
  };
  await timed(
    `${ORGS} organizations + ${ROLES.length} roles`,
    `with orgs as (
       insert into organizations (name, sort_num, editor)
       select '第' || g || '运维中心', g, 'bench' from generate_series(1, ${ORGS}) g returning id)
     insert into roles (code, name, editor)
     select 'bench_' || (i - 1), (${sqlArray(ROLES)})[i], 'bench'
     from generate_series(1, ${ROLES.length}) i`,
  );
  const s = SURNAMES.length;
  const g = GIVEN.length;
  // Every name is surname + one or two given characters; ids spread them so neighbours differ.
  await timed(
    `${USERS.toLocaleString('en')} users (one insert ... select generate_series)`,
    `insert into users (user_name, name, password_hash, user_type, status, org_id, phone, email,
                        job_title, gender, editor, created_at, updated_at, password_changed_at)
     select 'user' || lpad(n::text, 6, '0'),
            (${sqlArray(SURNAMES)})[1 + n % ${s}]
              || (${sqlArray(GIVEN)})[1 + (n / ${s}) % ${g}]
              || case when n % 3 = 0 then '' else (${sqlArray(GIVEN)})[1 + (n / ${s * g}) % ${g}] end,
            (select password_hash from users where user_name = 'admin'),
            1,
            case when n % 25 = 0 then 'disabled' else 'enabled' end,
            case when n % 10 = 0 then null else (select min(id) from organizations) + n % ${ORGS} end,
            '138' || lpad(((n * 7919) % 100000000)::text, 8, '0'),
            'user' || n || '@example.com',
            (array['巡检员', '调度员', '工程师', ''])[1 + n % 4],
            case when n % 2 = 0 then 'male' else 'female' end,
            'bench',
            t, t, t
     from generate_series(1, ${USERS}) n,
          lateral (select timestamptz '2024-01-01 08:00:00+08' + n * interval '5 minutes' as t) created`,
  );
  // Two in three users hold one role, one in ten a second one.
  await timed(
    'their roles (user_roles, one insert ... select)',
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u join roles r on r.code = 'bench_' || (u.id % ${ROLES.length})
     where u.editor = 'bench' and u.id % 3 <> 0
     union all
     select u.id, r.id from users u join roles r on r.code = 'bench_' || ((u.id + 1) % ${ROLES.length})
     where u.editor = 'bench' and u.id % 10 = 1`,
  );
  // What autovacuum would do on PostgreSQL after so many inserts; PGlite has no autovacuum.
  await timed('analyze', 'analyze');
  return timings;
}

async function userList(bench: BenchApp, body: UserListRequest) {
  const started = performance.now();
  const answer = await bench.app.inject({
    method: userEndpoints.page.method,
    url: `${API_PREFIX}${userEndpoints.page.path}`,
    headers: signedIn(bench.token),
    payload: JSON.stringify(body),
  });
  const elapsed = performance.now() - started;
  const envelope = answer.json<Envelope<Page<unknown> | null>>();
  if (envelope.status_code !== 1 || !envelope.data) throw new Error(`userList refused: ${envelope.message}`);
  return { elapsed, rows: envelope.data.list.length, total: envelope.data.total, bytes: answer.body.length };
}

const CASES: [string, UserListRequest][] = [
  ['page 1 (newest first)', { pageNum: 1, pageSize: 20 }],
  ['page 5,000 (offset 99,980)', { pageNum: 5000, pageSize: 20 }],
  ['name contains 李, page 1', { pageNum: 1, pageSize: 20, name: '李' }],
];

const results: string[] = [];
for (const kind of databaseKinds()) {
  const started = performance.now();
  const bench = await startBenchApp(kind);
  const startup = performance.now() - started;
  try {
    console.log(`${bench.label}: app built, migrated, seeded and signed in in ${ms(startup)}`);
    for (const [what, elapsed] of await fill(bench)) console.log(`  insert ${what}: ${ms(elapsed)}`);
    for (const [name, body] of CASES) {
      for (let i = 0; i < WARMUP; i++) await userList(bench, body);
      const times: number[] = [];
      let last = { rows: 0, total: 0, bytes: 0 };
      for (let i = 0; i < RUNS; i++) {
        const { elapsed, ...rest } = await userList(bench, body);
        times.push(elapsed);
        last = rest;
      }
      results.push(
        `${bench.label.padEnd(16)} ${padShown(name, 28)} ${String(last.rows).padStart(4)} ` +
          `${String(last.total).padStart(7)} ${`${(last.bytes / 1024).toFixed(1)} kB`.padStart(9)} ` +
          `${ms(quantile(times, 0.5)).padStart(10)} ${ms(quantile(times, 0.9)).padStart(10)}`,
      );
    }
  } finally {
    await bench.close();
  }
}

console.log(
  `\nuserList over ${USERS.toLocaleString('en')} users (+ the demo accounts), app.inject (no network), ` +
    `median and p90 of ${RUNS} calls after ${WARMUP} warm-up:`,
);
console.log(`${'database'.padEnd(16)} ${'request'.padEnd(28)} rows   total    answer     median        p90`);
for (const line of results) console.log(line);
