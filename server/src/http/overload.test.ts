import { StatusCode } from '@cityops/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientGone, LoadShedder, protectFromOverload } from './overload.js';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

/** A server with the protection and a route that waits until the test lets it go. */
async function serverWith(maxInFlight: number, beforeHandler?: () => Promise<void>) {
  app = Fastify();
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handled: string[] = [];
  if (beforeHandler) app.addHook('onRequest', beforeHandler);
  await protectFromOverload(app, { maxInFlight, maxEventLoopDelayMs: 0, targetUtilization: 0 });
  app.get('/api/slow', async (request) => {
    handled.push(request.url);
    await gate;
    return { status_code: 1, message: '成功', data: null };
  });
  app.get('/api/health', async () => ({ status_code: 1, message: '成功', data: { ok: true } }));
  // As route() does: some work (the session lookup), then the check, then the answer.
  app.post('/api/echo', async (request, reply) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (clientGone(request)) return reply.hijack();
    return { status_code: 1, message: '成功', data: request.body };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, release, handled };
}

describe('overload protection', () => {
  it('answers 503 busy with the envelope at once beyond the in-flight limit, and serves again after', async () => {
    const { base, release, handled } = await serverWith(2);
    const first = [fetch(`${base}/api/slow?n=1`), fetch(`${base}/api/slow?n=2`)];
    await expect.poll(() => handled.length).toBe(2);

    const busy = await fetch(`${base}/api/slow?n=3`, { headers: { 'accept-language': 'zh-CN' } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toEqual({
      status_code: StatusCode.UNAVAILABLE,
      message: '服务器繁忙，请稍后重试',
      data: null,
    });
    expect(handled).toHaveLength(2);
    // The liveness probe is not counted: it answers while the server is full.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    release();
    expect((await Promise.all(first)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await fetch(`${base}/api/slow?n=4`)).status).toBe(200);
  });

  it('drops a request whose client gave up while it waited, before its handler runs', async () => {
    let waiting = () => {};
    const queued = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    let letThrough = () => {};
    const through = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const { base, release, handled } = await serverWith(10, async () => {
      waiting();
      await through;
    });
    release();
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/slow?gone=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    await queued;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    letThrough();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled).toEqual([]);
    expect((await fetch(`${base}/api/slow?n=1`)).status).toBe(200);
    expect(handled).toEqual(['/api/slow?n=1']);
    // A request whose body has been read is still answered: only a closed connection counts.
    const echo = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin' }),
    });
    expect(await echo.json()).toEqual({ status_code: 1, message: '成功', data: { account: 'admin' } });
  });
});

describe('the load shedder', () => {
  function shedderAt(target: number) {
    let utilization = 0;
    let draw = 0;
    const shedder = new LoadShedder(
      target,
      () => utilization,
      () => draw,
    );
    return {
      shedder,
      loop: (value: number) => (utilization = value),
      draw: (value: number) => (draw = value),
    };
  }

  it('turns nobody away while the loop has room', () => {
    const { shedder, loop } = shedderAt(0.9);
    loop(0.85);
    for (let i = 0; i < 50; i++) shedder.sample();
    expect(shedder.shedding).toBe(0);
    expect(shedder.turnAway()).toBe(false);
  });

  it('turns away a growing share while the loop is saturated, never everyone, and lets them in again', () => {
    const { shedder, loop, draw } = shedderAt(0.9);
    loop(1);
    // A burst shorter than three samples is no overload.
    shedder.sample();
    shedder.sample();
    expect(shedder.shedding).toBe(0);
    loop(0.2);
    shedder.sample();
    loop(1);
    shedder.sample();
    shedder.sample();
    expect(shedder.shedding).toBe(0);
    shedder.sample();
    const first = shedder.shedding;
    expect(first).toBeGreaterThan(0);
    shedder.sample();
    expect(shedder.shedding).toBeGreaterThan(first);
    for (let i = 0; i < 50; i++) shedder.sample();
    expect(shedder.shedding).toBe(0.95);
    draw(0.9);
    expect(shedder.turnAway()).toBe(true);
    draw(0.96);
    expect(shedder.turnAway()).toBe(false);
    // Below the target the share falls back to nothing.
    loop(0.3);
    for (let i = 0; i < 5; i++) shedder.sample();
    expect(shedder.shedding).toBe(0);
  });

  it('settles where the loop is at its target', () => {
    const { shedder, loop } = shedderAt(0.9);
    // A loop that 500 requests a second would saturate, at capacity for 350: busy as what gets in.
    for (let i = 0; i < 200; i++) {
      loop(Math.min(1, (500 * (1 - shedder.shedding)) / 350) * 0.95);
      shedder.sample();
    }
    expect(shedder.shedding).toBeGreaterThan(0.2);
    expect(shedder.shedding).toBeLessThan(0.5);
  });
});
