import {
  API_PREFIX,
  authEndpoints,
  dictionaryEndpoints,
  HEADER_ACCESS_TOKEN,
  type Envelope,
} from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { scratchPostgres } from './test/testApp.js';
import { scratchDataDir } from './test/scratchDataDir.js';
import { startServerProcess, type ServerProcess } from './test/serverProcess.js';

/*
 * Crash safety: every write the server acknowledged before a `kill -9` is there after a restart on
 * the same data. On the embedded PGlite (a real process on a DATA_DIR) in `make test-api`, and on
 * PostgreSQL when DATABASE_URL is set (`make test-api-pg`).
 */

const DIC_CODE = 'crash_safety';
/** Writes under way at once while the process is killed. */
const CONCURRENCY = 4;
/** Acknowledged writes before the kill, the rest still streaming. */
const ACKNOWLEDGED_BEFORE_KILL = 60;

async function post(server: ServerProcess, path: string, body: unknown, token?: string) {
  const answer = await fetch(`${server.baseUrl}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}) },
    body: JSON.stringify(body),
  });
  return { ...((await answer.json()) as Envelope), httpStatus: answer.status };
}

async function signIn(server: ServerProcess) {
  const answer = await post(server, authEndpoints.login.path, { userName: 'admin', password: 'Admin@123' });
  expect(answer.status_code, answer.message).toBe(1);
  const { token } = answer.data as { token: string };
  // Looked for in the process's output after the file, with the password.
  server.secrets.add(token);
  return token;
}

async function itemCodes(server: ServerProcess, token: string): Promise<Set<string>> {
  const answer = await fetch(`${server.baseUrl}${API_PREFIX}${dictionaryEndpoints.all.path}`, {
    headers: { [HEADER_ACCESS_TOKEN]: token },
  });
  const { data } = (await answer.json()) as Envelope<{
    dictionaries: Record<string, { itemCode: string }[]>;
  }>;
  return new Set((data.dictionaries[DIC_CODE] ?? []).map((item) => item.itemCode));
}

/** Streams dictionary items in, kills the server mid-stream, restarts it, and checks every acknowledged one. */
async function crashRound(env: Record<string, string>) {
  const data = await scratchDataDir();
  let server = await startServerProcess(data.dir, env);
  try {
    await server.ready();
    let token = await signIn(server);
    const type = await post(
      server,
      dictionaryEndpoints.typeCreate.path,
      { code: DIC_CODE, name: 'crash safety', sortNum: 0 },
      token,
    );
    expect(type.status_code, type.message).toBe(1);

    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const itemCode = `item-${next}`;
        const body = { dicCode: DIC_CODE, itemCode, itemName: `item ${next}`, sort: next % 1000 };
        next += 1;
        const answer = await post(server, dictionaryEndpoints.itemCreate.path, body, token).catch(() => null);
        if (answer?.status_code === 1) acknowledged.push(itemCode);
        // Busy (the load shedder): not acknowledged, so the write may or may not be there; go on.
        else if (answer?.httpStatus === 503) continue;
        else if (!killed) throw new Error(`a write was refused: ${JSON.stringify(answer)}`);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
          killed = true;
          // kill -9 with the other writers' requests under way.
          await server.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, writer));
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    server = await startServerProcess(data.dir, env);
    await server.ready();
    token = await signIn(server);
    const present = await itemCodes(server, token);
    expect(acknowledged.filter((code) => !present.has(code))).toEqual([]);
    // The database takes writes again after the crash.
    const after = await post(
      server,
      dictionaryEndpoints.itemCreate.path,
      { dicCode: DIC_CODE, itemCode: 'after-restart', itemName: 'after restart', sort: 0 },
      token,
    );
    expect(after.status_code, after.message).toBe(1);
  } finally {
    await server.kill();
    await data.remove();
  }
}

describe('acknowledged writes survive kill -9', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))('on the embedded PGlite', () => crashRound({}), 180_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      const database = await scratchPostgres(process.env.DATABASE_URL ?? '');
      try {
        await crashRound({ DATABASE_URL: database.url });
      } finally {
        await database.drop();
      }
    },
    180_000,
  );
});
