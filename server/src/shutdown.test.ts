import { connect, type Socket } from 'node:net';
import { API_PREFIX, authEndpoints } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgres } from './test/testApp.js';
import { scratchDataDir } from './test/scratchDataDir.js';
import { startServerProcess, type ServerProcess } from './test/serverProcess.js';

/*
 * SIGTERM ends the real server process within its grace period whatever its clients do: idle
 * keep-alive connections are closed at once, half-open and slow ones when the grace runs out. On
 * PostgreSQL when DATABASE_URL is set (make test-api-pg), on the embedded PGlite otherwise.
 */

const GRACE_MS = 2_000;
const login = `${API_PREFIX}${authEndpoints.login.path}`;

let data: Awaited<ReturnType<typeof scratchDataDir>>;
let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
let server: ServerProcess;

beforeAll(async () => {
  data = await scratchDataDir();
  database = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : undefined;
  server = await startServerProcess(data.dir, {
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  await server.ready();
}, 150_000);

afterAll(async () => {
  await server?.kill();
  await database?.drop();
  await data?.remove();
});

interface Client {
  socket: Socket;
  /** When the server closed it, in ms after `since`; null while open. */
  closedAfter(since: number): number | null;
  received(): string;
}

function open(port: number, send: string): Promise<Client> {
  return new Promise((ok, fail) => {
    let received = '';
    let closedAt: number | null = null;
    const socket = connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
      ok({
        socket,
        closedAfter: (since) => (closedAt === null ? null : closedAt - since),
        received: () => received,
      });
    });
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => (closedAt ??= Date.now()));
    socket.once('error', fail);
    socket.on('error', () => undefined);
  });
}

const until = async (check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('shutdown', () => {
  it('SIGTERM closes idle keep-alive connections at once and ends the process within the grace', async () => {
    const health = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
    // Idle keep-alive connections: one request answered, the connection left open.
    const idle = await Promise.all([1, 2, 3].map(() => open(server.port, health)));
    expect(await until(() => idle.every((c) => c.received().includes('"status_code":1')), 5_000)).toBe(true);
    // Half-open: part of a request line and headers, never finished.
    const halfOpen = await Promise.all(
      [1, 2, 3, 4, 5].map(() => open(server.port, 'GET /api/health HTTP/1.1\r\nHost: local')),
    );
    // Silent: connected, nothing sent.
    const silent = await Promise.all([1, 2].map(() => open(server.port, '')));
    // Slow: headers sent, the body promised but never finished.
    const slow = await open(
      server.port,
      `POST ${login} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"userName":`,
    );
    // Under way: a sign-in whose body is still arriving when the signal comes, and finishes in the grace.
    const body = JSON.stringify({ userName: 'admin', password: 'Admin@123' });
    const underWay = await open(
      server.port,
      `POST ${login} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    const sent = Date.now();
    server.child.kill('SIGTERM');
    setTimeout(() => underWay.socket.write(body.slice(10)), 500);

    // Idle connections go at once, long before the grace ends.
    expect(await until(() => idle.every((c) => c.closedAfter(sent) !== null), 1_500)).toBe(true);
    // New requests are refused while the others finish: the connection itself once the listener is
    // closed, or Fastify's 503 while its close hooks still run (on a busy machine that takes a while).
    const late = await fetch(`${server.baseUrl}/api/health`).then(
      (answer) => answer.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const bound = GRACE_MS + 4_000;
    const exit = await Promise.race([
      server.exited,
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), bound)),
    ]);
    const took = Date.now() - sent;
    expect(exit, `the process still ran ${bound} ms after SIGTERM:\n${server.output()}`).not.toBe('hung');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(bound);
    expect(underWay.received()).toMatch(/^HTTP\/1\.1 200 [^]*"status_code":1,/);
    for (const client of [...halfOpen, ...silent, slow])
      expect(await until(() => client.closedAfter(sent) !== null, 1_000)).toBe(true);
  }, 30_000);
});
