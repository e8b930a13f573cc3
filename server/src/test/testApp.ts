import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PREFIX,
  authEndpoints,
  pathOf,
  HEADER_ACCESS_TOKEN,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
  type Envelope,
  type LoginData,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/connection.js';
import { createAccount } from '../db/seed/accounts.js';
import { resources, roleResources, roles } from '../db/schema.js';
import { KNOWN_SECRETS, leakedSecrets } from './leakedSecrets.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';

/**
 * A real app on a fresh database for one test file: an in-memory PGlite, or, when DATABASE_URL is
 * set, a new database created on that PostgreSQL server for this file and dropped afterwards.
 */

export interface TestClock {
  now: () => Date;
  advanceMinutes(minutes: number): void;
}

export function testClock(start = new Date('2026-06-01T08:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
  };
}

/** The captcha text every test app draws, so tests can answer it. */
export const TEST_CAPTCHA = 'HK47';

/**
 * A new database on a PostgreSQL server, empty or a copy of `template`: its URL, and `drop()` to
 * remove it.
 */
export async function scratchPostgres(server: string, template?: string) {
  const name = `cityops_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(server, name),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A new database of this file's own; closing it also drops it on PostgreSQL. Empty, or with every
 * migration already applied when `migrated` (copied from the run's template, globalSetup.ts), which
 * is what a test app needs and saves each one applying them again.
 */
async function newDatabase(migrated: boolean): Promise<DatabaseHandle> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const template = inject(migrated ? 'pgliteMigrated' : 'pgliteTemplate');
    return openPglite('memory://', template ? new Blob([await readFile(template)]) : undefined);
  }
  const scratch = await scratchPostgres(server, migrated ? inject('postgresMigrated') : undefined);
  const handle = await openPostgres(scratch.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database (not migrated); closing it also drops it on PostgreSQL. */
export const freshDatabase = () => newDatabase(false);

export interface Reply {
  /** HTTP status; 200 for every /api answer. */
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json: Envelope;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A raw payload sent as it is (for malformed JSON); `body` is serialised otherwise. */
  payload?: string;
  body?: unknown;
}

export interface ApiCall<E extends Endpoint> {
  token?: string;
  /** Path parameters, for an endpoint whose path has `:name` segments. */
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  headers?: Record<string, string>;
}

/** A typed envelope: `data` is the endpoint's data on success, null on a refusal. */
export type ApiAnswer<E extends Endpoint> = Envelope<EndpointData<E> | null>;

/** The query string of a contract call, as the browser client sends it (arrays as `name[]=`). */
function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  handle: DatabaseHandle;
  /** Log lines, when the app was built with `captureLogs`. */
  logs: string[];
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<Reply>;
  /** Calls a contract endpoint by its object (never a path string) and answers its typed envelope. */
  api<E extends Endpoint>(endpoint: E, call?: ApiCall<E>): Promise<ApiAnswer<E>>;
  login(userName: string, password: string): Promise<Envelope<LoginData | null>>;
  /** Signs in and answers the token, failing the test if sign-in fails. */
  token(userName: string, password: string): Promise<string>;
  /** A new account whose only role holds exactly these resource codes (none: no role at all). */
  createUser(userName: string, password: string, codes?: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  captureLogs?: boolean;
  /** A database another test app may share (two instances on one PostgreSQL); the caller closes it. */
  database?: DatabaseHandle;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityops-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SHELL_DIST: join(dataDir, 'no-shell'),
    // Always logged (and scanned at close): a test's own secrets must never reach the log.
    LOG_LEVEL: options.captureLogs ? 'trace' : 'info',
    LOGIN_RATE_LIMIT: '0',
    LOG_PURGE_HOURS: '0',
    // No demo stream: a test produces the messages it counts.
    DEMO_MESSAGE_SECONDS: '0',
    // No demo fleet: a test registers the devices it counts (or sets DEMO_DEVICES).
    DEMO_DEVICES: '0',
    // The test process is busy by design (fuzzing, many apps in one file, a loaded CI machine): no load
    // shedding by utilization or by event-loop delay (a test of the guard sets its own).
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // No MQTT broker unless the test asks for one (MQTT_PORT '0': a free port).
    MQTT_PORT: '-1',
    ...options.env,
  });
  const clock = testClock();
  const handle = options.database ?? (await newDatabase(true));
  const logs: string[] = [];
  const app = await buildApp({
    config,
    now: clock.now,
    database: handle,
    captchaText: () => TEST_CAPTCHA,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  /** Passwords and tokens this test used, looked for in the log at close. */
  const secrets = new Set<string>(KNOWN_SECRETS);

  const call: TestApp['call'] = async (method, url, { token, headers = {}, payload, body } = {}) => {
    const answer = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}),
        ...(body !== undefined || payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    let json: Envelope = { status_code: -1, message: '', data: null };
    if (String(answer.headers['content-type'] ?? '').includes('json')) json = answer.json<Envelope>();
    return { status: answer.statusCode, headers: answer.headers, body: answer.body, json };
  };

  const login: TestApp['login'] = async (userName, password) => {
    secrets.add(password);
    const answer = (await call('POST', `/api${authEndpoints.login.path}`, { body: { userName, password } }))
      .json as Envelope<LoginData | null>;
    if (answer.data?.token) secrets.add(answer.data.token);
    return answer;
  };

  const api: TestApp['api'] = async (endpoint, { token, params, query, body, headers } = {}) => {
    const url = `${API_PREFIX}${pathOf(endpoint, params ?? {})}${queryString(query)}`;
    const answer = await call(endpoint.method, url, {
      ...(token ? { token } : {}),
      ...(headers ? { headers } : {}),
      ...(endpoint.method === 'POST' ? { body: body ?? {} } : {}),
    });
    return answer.json as ApiAnswer<typeof endpoint>;
  };

  return {
    app,
    config,
    clock,
    handle,
    logs,
    call,
    api,
    login,
    async token(userName, password) {
      const answer = await login(userName, password);
      if (answer.status_code !== 1 || !answer.data) throw new Error(`sign-in failed: ${answer.message}`);
      return answer.data.token;
    },
    async createUser(userName, password, codes = []) {
      secrets.add(password);
      const db = handle.db;
      const roleCodes: string[] = [];
      if (codes.length > 0) {
        const [role] = await db
          .insert(roles)
          .values({ code: `test_${userName}`, name: `test ${userName}` })
          .returning({ id: roles.id });
        const held = await db
          .select({ id: resources.id })
          .from(resources)
          .where(inArray(resources.code, [...codes]));
        if (!role || held.length !== codes.length)
          throw new Error(`unknown resource codes among ${codes.join(', ')}`);
        await db
          .insert(roleResources)
          .values(held.map((resource) => ({ roleId: role.id, resourceId: resource.id })));
        roleCodes.push(`test_${userName}`);
      }
      const id = await createAccount(db, {
        userName,
        password,
        name: userName,
        userType: 1,
        roleCodes,
        projectIds: [],
      });
      if (id === null) throw new Error(`the account ${userName} already exists`);
      return id;
    },
    async close() {
      await app.close();
      if (!options.database) await handle.close();
      await rm(dataDir, { recursive: true, force: true });
      const leaked = leakedSecrets(logs.join(''), secrets);
      if (leaked.length > 0) throw new Error(`the server logged secrets of this test: ${leaked.join(', ')}`);
    },
  };
}
