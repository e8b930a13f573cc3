/**
 * Hostile input against one server, measured as an attacker would try it:
 * - the deepest JSON body the size limit allows, public and signed in: how long it takes to be
 *   refused, and the slowest /api/health answered while it is in flight;
 * - twenty MQTT connections each announcing a 250 MB CONNECT: the server's RSS before and after,
 *   and whether the broker cut them;
 * - an import of a zip bomb (a sheet that unpacks to 80 MB): time to refusal, RSS growth, the
 *   slowest /api/health meanwhile.
 * Prints numbers; asserts nothing.
 */
import { connect, type Socket } from 'node:net';
import {
  API_PREFIX,
  authEndpoints,
  DEVICE_IMPORT_COLUMNS,
  deviceEndpoints,
  systemEndpoints,
  userEndpoints,
} from '@cityops/contract';
import { runtimeOf } from '@cityops/server/src/modules/iot/runtime.js';
import { bigWorkbook, multipartFile } from '@cityops/server/src/test/xlsx.js';
import { databaseKinds, MB, ms, startBenchApp } from './serverApp.js';

const BODY_LIMIT = 1024 * 1024;
const deepest = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

/** Calls /api/health back to back while `work` runs: the slowest answer. */
async function slowestHealthDuring(base: string, work: Promise<unknown>) {
  let done = false;
  let slowest = 0;
  let answered = 0;
  const pinging = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(`${base}${API_PREFIX}${systemEndpoints.health.path}`).then((answer) => answer.text());
      slowest = Math.max(slowest, performance.now() - start);
      answered += 1;
    }
  })();
  const start = performance.now();
  await work;
  const took = performance.now() - start;
  done = true;
  await pinging;
  return { took, slowest, answered };
}

const post = (
  base: string,
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
) =>
  fetch(`${base}${API_PREFIX}${path}`, { method: 'POST', headers, body }).then(
    (answer) => answer.json() as Promise<{ status_code: number; message: string }>,
  );

/** A CONNECT's fixed header announcing `bytes` of remaining length, then a trickle of them. */
function announceConnect(port: number, bytes: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      const length: number[] = [];
      let rest = bytes;
      do {
        let digit = rest % 128;
        rest = Math.floor(rest / 128);
        if (rest > 0) digit |= 0x80;
        length.push(digit);
      } while (rest > 0);
      socket.write(Buffer.from([0x10, ...length]));
      // Up to 4 MB of the announced body, as fast as the broker takes it.
      for (let i = 0; i < 64; i += 1) socket.write(Buffer.alloc(64 * 1024, 0x41));
      resolve(socket);
    });
    socket.on('error', () => undefined);
  });
}

const rss = () => process.memoryUsage().rss;

for (const kind of databaseKinds()) {
  const bench = await startBenchApp(kind, undefined, {
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DEVICES: '0',
  });
  const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const json = { 'content-type': 'application/json' };
  console.log(`\n## ${bench.label}`);

  const publicDeep = await slowestHealthDuring(
    base,
    post(base, authEndpoints.login.path, deepest(BODY_LIMIT - 2), json),
  );
  console.log(
    `deepest body (1 MiB, ${(BODY_LIMIT - 2) / 2} levels) on the public sign-in: refused in ${ms(publicDeep.took)}; ` +
      `slowest /api/health meanwhile ${ms(publicDeep.slowest)} (${publicDeep.answered} answered)`,
  );
  const signedDeep = await slowestHealthDuring(
    base,
    post(base, userEndpoints.page.path, `{"pageNum":1,"pageSize":15,"name":${deepest(600_000)}}`, {
      ...json,
      'access-token': bench.token,
    }),
  );
  console.log(
    `600 kB deep body, signed in: refused in ${ms(signedDeep.took)}; slowest /api/health meanwhile ${ms(signedDeep.slowest)}`,
  );

  const port = runtimeOf(bench.app.cityops).port() ?? 0;
  global.gc?.();
  const before = rss();
  const sockets = await Promise.all(
    Array.from({ length: 20 }, () => announceConnect(port, 250 * 1024 * 1024)),
  );
  const closed = await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          if (socket.destroyed) return resolve(true);
          const timer = setTimeout(() => resolve(false), 10_000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        }),
    ),
  );
  global.gc?.();
  console.log(
    `20 connections announcing a 250 MB CONNECT: ${closed.filter(Boolean).length} of 20 cut by the broker; ` +
      `RSS ${MB(before)} → ${MB(rss())}`,
  );
  for (const socket of sockets) socket.destroy();

  const MiB = 1024 * 1024;
  const bomb = await bigWorkbook(
    DEVICE_IMPORT_COLUMNS.map(([, zh]) => zh),
    (function* () {
      for (let i = 0; i < 80; i += 1) yield ' '.repeat(MiB);
    })(),
  );
  const { contentType, payload } = multipartFile(bomb, 'bomb.xlsx');
  global.gc?.();
  const beforeImport = rss();
  let peak = beforeImport;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const imported = await slowestHealthDuring(
    base,
    post(base, deviceEndpoints.importDevices.path, new Uint8Array(payload), {
      'content-type': contentType,
      'access-token': bench.token,
    }),
  );
  clearInterval(sampler);
  console.log(
    `zip bomb import (${(bomb.length / 1024).toFixed(0)} kB, unpacks to 80 MB): answered in ${ms(imported.took)}; ` +
      `RSS peak +${MB(peak - beforeImport)}; slowest /api/health meanwhile ${ms(imported.slowest)}`,
  );
  await bench.close();
}
