import {
  API_PREFIX,
  authEndpoints,
  dictionaryEndpoints,
  HEADER_ACCESS_TOKEN,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type Envelope,
} from '@cityops/contract';
import type { ServerProcess } from './serverProcess.js';

/**
 * The API of a server process (or of a proxy in front of several) over real HTTP, as a browser calls
 * it: for the tests of what only processes show (crash.test.ts, cluster.test.ts).
 */

export interface ProcessAnswer<T> extends Envelope<T | null> {
  httpStatus: number;
  headers: Headers;
}

/** Calls `endpoint` at `baseUrl`; a 502 or 503 without an envelope answers its status with no data. */
export async function callProcess<E extends Endpoint>(
  baseUrl: string,
  endpoint: E,
  call: { body?: EndpointBody<E>; token?: string } = {},
): Promise<ProcessAnswer<EndpointData<E>>> {
  const answer = await fetch(`${baseUrl}${API_PREFIX}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(call.token ? { [HEADER_ACCESS_TOKEN]: call.token } : {}),
    },
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(call.body ?? {}) } : {}),
  });
  const text = await answer.text();
  const envelope = answer.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as Envelope<EndpointData<E>>)
    : { status_code: 0, message: text.slice(0, 200), data: null };
  return { ...envelope, httpStatus: answer.status, headers: answer.headers };
}

/**
 * Signs `userName` in at `baseUrl`; the token joins the secrets each of `servers` must never write
 * (the password is a known demo one).
 */
export async function signInTo(
  baseUrl: string,
  servers: readonly ServerProcess[],
  userName = 'admin',
  password = 'Admin@123',
) {
  const answer = await callProcess(baseUrl, authEndpoints.login, { body: { userName, password } });
  if (answer.status_code !== 1 || !answer.data) throw new Error(`sign-in refused: ${answer.message}`);
  for (const server of servers) server.secrets.add(answer.data.token);
  return answer.data;
}

/** The item codes of dictionary `dicCode`, as `baseUrl` answers them. */
export async function dictionaryItemCodes(baseUrl: string, token: string, dicCode: string) {
  const answer = await callProcess(baseUrl, dictionaryEndpoints.all, { token });
  const dictionaries = answer.data?.dictionaries;
  if (!dictionaries) throw new Error(`the dictionaries were not answered: ${answer.message}`);
  return new Set((dictionaries[dicCode] ?? []).map((item) => item.itemCode));
}
