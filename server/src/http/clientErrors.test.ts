import { request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp.js';

/*
 * What never reaches a route — a URL or header too long for the HTTP parser, a malformed request
 * line — still gets the JSON envelope, on a real socket (inject() skips the parser).
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((ok, fail) => {
    const sent = request({ host: '127.0.0.1', port, path, headers, agent: false }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => ok({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.on('error', fail);
    sent.end();
  });
}

/** Sends bytes as they are and answers everything the server wrote before it closed. */
function raw(bytes: string): Promise<string> {
  return new Promise((ok, fail) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => ok(answer));
    socket.on('error', fail);
  });
}

const envelopeOf = (body: string) => JSON.parse(body) as unknown;
const tooLong = { status_code: 10001, message: '请求地址或请求头过长', data: null };

describe('requests the HTTP parser refuses', () => {
  it('answers an over-long URL with the envelope, not a bare 431', async () => {
    const answer = await get(`/api/sys/dictionary/queryDicByDicCode?dicCode=${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(envelopeOf(answer.body)).toEqual(tooLong);
  });

  it('answers an over-long header with the envelope', async () => {
    const answer = await get('/api/health', { cookie: `c=${'x'.repeat(20_000)}` });
    expect(answer.status).toBe(431);
    expect(envelopeOf(answer.body)).toEqual(tooLong);
    const english = await get('/api/health', { 'accept-language': 'en', cookie: 'x'.repeat(20_000) });
    expect(envelopeOf(english.body)).toMatchObject({
      message: 'The request address or headers are too long',
    });
    // The server is still there for everyone else.
    expect(envelopeOf((await get('/api/health')).body)).toMatchObject({ status_code: 1 });
  });

  it('answers a malformed request line with the envelope', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
    expect(envelopeOf(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      status_code: 10001,
      message: '请求内容不合法',
      data: null,
    });
  });

  it('answers an over-long path parameter with the envelope', async () => {
    const answer = await get(`/api/sys/project/${'9'.repeat(2_000)}/find`);
    expect(answer.status).toBe(200);
    expect(envelopeOf(answer.body)).toMatchObject({ status_code: 10001 });
  });
});

describe('socket limits', () => {
  it('bounds how long headers, a whole request and an idle or silent connection may take', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(120_000);
    expect(server.keepAliveTimeout).toBe(30_000);
    // Longer than the 180 s the browser waits for an answer (spec §9).
    expect(server.timeout).toBe(190_000);
  });
});
