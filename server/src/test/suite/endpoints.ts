import {
  API_PREFIX,
  anyEnvelopeSchema,
  noParams,
  XLSX_CONTENT_TYPE,
  type Endpoint,
  type Envelope,
  type ExportEndpoint,
  type FileEndpoint,
  OCTET_STREAM,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import type { Reply, TestApp } from '../testApp.js';

/**
 * The standing suite's view of the API: every route registered from a contract endpoint, as the
 * route catalogue saw it (the OpenAPI document is built from the same list), and how to call one
 * with arbitrary input.
 */

export interface ContractRoute {
  /** `METHOD /api/path`, for test names and failure messages. */
  name: string;
  endpoint: Endpoint | ExportEndpoint | FileEndpoint;
}

export function contractRoutes(app: FastifyInstance): ContractRoute[] {
  return app.cityops.routes.routes.flatMap(({ method, url, endpoint }) =>
    endpoint && method !== 'HEAD' ? [{ name: `${method} ${url}`, endpoint }] : [],
  );
}

/** The path with each `:name` segment filled in (any value given, encoded; `1` when none). */
function pathWith(path: string, params: unknown): string {
  const given = params !== null && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = given[name];
    const text = value === undefined || value === null || value === '' ? '1' : String(value);
    return encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : text);
  });
}

/** A query string as the browser client builds it (arrays as `name[]=`), whatever the values. */
function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = (item: unknown) =>
      item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, text(item));
    else params.append(name, text(value));
  }
  const result = params.toString();
  return result ? `?${result}` : '';
}

export interface Input {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Calls the route with this input as it is (a POST without a body sends none). */
export function callRoute(t: TestApp, route: ContractRoute, input: Input, token?: string): Promise<Reply> {
  const { endpoint } = route;
  const url = `${API_PREFIX}${pathWith(endpoint.path, input.params)}${queryString(input.query)}`;
  return t.call(endpoint.method, url, {
    ...(token ? { token } : {}),
    ...(endpoint.method === 'POST' && input.body !== undefined
      ? { payload: JSON.stringify(input.body) }
      : {}),
  });
}

export const paramsSchemaOf = (endpoint: Endpoint | ExportEndpoint | FileEndpoint) =>
  'params' in endpoint && endpoint.params ? endpoint.params : noParams;

const isDownload = (reply: Reply) =>
  [XLSX_CONTENT_TYPE, OCTET_STREAM].some((type) =>
    String(reply.headers['content-type'] ?? '').startsWith(type),
  );

/**
 * What is wrong with an answer, or null: every answer is HTTP 200 with the envelope (a download may
 * be its file instead), and none carries a stack trace or a database's words.
 */
export function answerProblem(reply: Reply): string | null {
  if (reply.status !== 200) return `HTTP ${reply.status}`;
  if (isDownload(reply)) return null;
  let parsed: Envelope;
  try {
    parsed = anyEnvelopeSchema.parse(JSON.parse(reply.body));
  } catch {
    return `not the envelope: ${reply.body.slice(0, 200)}`;
  }
  if (!Object.hasOwn(parsed, 'data')) return 'the envelope has no data';
  const leak = LEAKS.find((pattern) => pattern.test(reply.body));
  if (leak) return `the answer leaks ${leak}: ${reply.body.slice(0, 300)}`;
  return null;
}

/** Stack frames, file paths and SQL or driver text: never in an answer. */
const LEAKS = [
  /\bat\s+\S+\s+\(?[^)\s]*\.(?:ts|js|mjs):\d+/,
  /node_modules|\/src\/|file:\/\//,
  /\b(?:select|insert|update|delete)\b[^"]{0,80}\b(?:from|into|set|where)\b/i,
  /\bsyntax error\b|\bviolates\b|\bSQLSTATE\b|\bpglite\b|\bdrizzle\b|\bFailed query\b|\berror: relation\b/i,
  /ECONNREFUSED|TypeError|RangeError|ReferenceError/,
];
