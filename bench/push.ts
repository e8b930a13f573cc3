/**
 * The message push under 1,000 connected sockets: the real server (buildApp,
 * listening on a port; PGlite, and PostgreSQL too when DATABASE_URL is set) with USERS users holding
 * PER_USER sockets each, opened by a separate process (bench/pushClients.ts). EVENTS messages are
 * produced for every user, one every GAP_MS; each is timed from the call that produces it to its
 * arrival on every socket. Prints p50/p95/p99/max of event → delivered, how many arrived, and the
 * server's memory per socket (heap and RSS after a forced GC, before and after the sockets signed in).
 * Asserts nothing. BENCH_PUSH_SOCKETS overrides the socket count (a multiple of PER_USER).
 */
import { fork } from 'node:child_process';
import { API_PREFIX, authEndpoints, type Envelope, type LoginData } from '@cityops/contract';
import { messages } from '@cityops/server/src/db/schema.js';
import { createAccount } from '@cityops/server/src/db/seed/accounts.js';
import { produceMessage } from '@cityops/server/src/modules/messages/produce.js';
import type { ClientsReply, ClientsStart } from './pushClients.js';
import { databaseKinds, MB, ms, quantile, startBenchApp, type DatabaseKind } from './serverApp.js';
import { wallMs } from './clock.js';

const PER_USER = 20;
const SOCKETS = Number(process.env.BENCH_PUSH_SOCKETS ?? 1_000);
const USERS = Math.ceil(SOCKETS / PER_USER);
const EVENTS = 20;
const GAP_MS = 250;
const PASSWORD = 'Bench@123';

const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

function settledMemory() {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function measure(kind: DatabaseKind) {
  // What is measured is delivery, not load shedding: the shedder would turn handshakes away while
  // a thousand arrive at once on two cores.
  const bench = await startBenchApp(kind, undefined, { OVERLOAD_TARGET_UTILIZATION: '0' });
  const baseUrl = await bench.app.listen({ host: '127.0.0.1', port: 0 });
  const userIds: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const userName = `push_bench_${i}`;
    const id = await createAccount(bench.handle.db, {
      userName,
      password: PASSWORD,
      name: `值班员${i}`,
      userType: 1,
      roleCodes: ['admin'],
      projectIds: [],
    });
    if (id === null) throw new Error(`${userName} exists`);
    userIds.push(id);
    const login = await bench.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${authEndpoints.login.path}`,
      payload: { userName, password: PASSWORD },
    });
    const answer = login.json<Envelope<LoginData | null>>();
    if (!answer.data) throw new Error(`sign-in of ${userName} failed: ${answer.message}`);
    tokens.push(answer.data.token);
  }

  const clients = fork(new URL('./pushClients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const replies: ClientsReply[] = [];
  const waiters: Array<(reply: ClientsReply) => void> = [];
  clients.on('message', (reply: ClientsReply) => {
    const take = waiters.shift();
    if (take) take(reply);
    else replies.push(reply);
  });
  const nextReply = () =>
    new Promise<ClientsReply>((resolve) => {
      const ready = replies.shift();
      if (ready) resolve(ready);
      else waiters.push(resolve);
    });

  const before = settledMemory();
  clients.send({ kind: 'start', baseUrl, tokens, perToken: PER_USER } satisfies ClientsStart);
  const ready = await nextReply();
  if (ready.kind !== 'ready') throw new Error('the clients did not start');
  await pause(500);
  const after = settledMemory();
  const sockets = ready.open;

  const producedAt = new Map<number, number>();
  for (let i = 0; i < EVENTS; i += 1) {
    const started = wallMs();
    const produced = await produceMessage(bench.app.cityops.db, bench.app.cityops, {
      kind: 'alarm.raised',
      values: {
        deviceName: `${i + 1}号路灯`,
        alarmName: '灯具故障',
        level: '重要',
        place: '人民路东段',
        time: new Date().toISOString(),
      },
      audience: { userIds },
    });
    if (!produced) throw new Error('the message found no recipient');
    producedAt.set(produced.eventId, started);
    await pause(GAP_MS);
  }
  await pause(2_000);
  clients.send({ kind: 'report' });
  const report = await nextReply();
  clients.send({ kind: 'stop' });
  if (report.kind !== 'arrivals') throw new Error('no arrivals');

  const recipients = await bench.app.cityops.db
    .select({ id: messages.id, eventId: messages.eventId })
    .from(messages);
  const eventOf = new Map(recipients.map((row) => [row.id, row.eventId]));
  const latencies = report.arrivals.flatMap(([messageId, at]) => {
    const started = producedAt.get(eventOf.get(messageId) ?? -1);
    return started === undefined ? [] : [at - started];
  });
  await bench.close();

  const perSocket = (field: 'heapUsed' | 'rss') => (after[field] - before[field]) / Math.max(1, sockets);
  console.log(`\n${bench.label}: ${sockets} sockets signed in (${ready.failed} failed), ${EVENTS} events`);
  console.log(
    `  event → delivered: p50 ${ms(quantile(latencies, 0.5))}  p95 ${ms(quantile(latencies, 0.95))}  ` +
      `p99 ${ms(quantile(latencies, 0.99))}  max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  delivered ${latencies.length} of ${sockets * EVENTS}`);
  console.log(
    `  server memory per socket: heap ${(perSocket('heapUsed') / 1024).toFixed(1)} kB, ` +
      `RSS ${(perSocket('rss') / 1024).toFixed(1)} kB (heap ${MB(before.heapUsed)} → ${MB(after.heapUsed)})`,
  );
}

console.log(`Push: ${SOCKETS} sockets (${USERS} users × ${PER_USER}), event → delivered`);
for (const kind of databaseKinds()) await measure(kind);
