import { API_PREFIX } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testApp.js';
import { contractRoutes } from './endpoints.js';

/**
 * platform-shell.md §7: the client appends a timestamp `t` to every GET. Every GET endpoint the app
 * registers answers a call with it exactly as the same call without it (whatever that answer is, a
 * success or a refusal of the missing parameters), so no page is refused for the timestamp.
 */

const t = await createTestApp();
const gets = contractRoutes(t.app).filter(({ endpoint }) => endpoint.method === 'GET');
let admin = '';
beforeAll(async () => {
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

/** The answer without what differs between two calls (times, generated names). */
async function answerOf(url: string) {
  const reply = await t.call('GET', url, { token: admin });
  const json = reply.json as Partial<typeof reply.json> | null;
  return json && typeof json.status_code === 'number'
    ? { status: json.status_code, message: json.message }
    : { download: reply.status };
}

describe('the §7 timestamp on every GET endpoint', () => {
  it('is on the list: the GET endpoints of the contract', () => {
    expect(gets.length).toBeGreaterThan(30);
  });

  // Path parameters name no record, so a GET that changes something (the spec has such) changes nothing.
  it.each(gets.map((route) => [route.name, route] as const))('%s answers as without it', async (_, route) => {
    const path = `${API_PREFIX}${route.endpoint.path.replace(/:(\w+)/g, '999999')}`;
    const without = await answerOf(path);
    const withTimestamp = await answerOf(`${path}?t=${Date.now()}`);
    expect(withTimestamp).toEqual(without);
    expect(JSON.stringify(withTimestamp)).not.toMatch(/参数t\b/);
  });
});
