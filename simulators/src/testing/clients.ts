import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import WebSocket from 'ws';
import { signArtemisJsonPost } from '../hik/artemisSignature.js';
import type { Simulators } from '../startSimulators.js';

/** Test-side clients that talk to the simulators the way the server's adapters will. */

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A signed Artemis call; `secret` may be wrong on purpose. */
export async function artemis(sims: Simulators, path: string, body: unknown, secret = sims.hik.appSecret) {
  const text = JSON.stringify(body);
  const headers = signArtemisJsonPost({ path, body: text, appKey: sims.hik.appKey, appSecret: secret });
  const response = await fetch(`${sims.hik.url}${path}`, { method: 'POST', headers, body: text });
  return {
    status: response.status,
    body: (await response.json()) as { code: string; msg: string; data: never },
  };
}

/** Logs in to the ICC-shaped platform with an RSA-encrypted password and returns the bearer header. */
export async function iccLogin(sims: Simulators): Promise<Record<string, string>> {
  const keyAnswer = (await (
    await fetch(`${sims.icc.url}/evo-apigw/evo-oauth/1.0.0/oauth/public-key`)
  ).json()) as {
    data: { publicKey: string };
  };
  const publicKey = keyAnswer.data.publicKey;
  const password = publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_PADDING,
    },
    Buffer.from(sims.icc.password),
  ).toString('base64');
  const token = await postJson(`${sims.icc.url}/evo-apigw/evo-oauth/1.0.0/oauth/extend/token`, {
    grant_type: 'password',
    username: sims.icc.username,
    password,
    client_id: sims.icc.clientId,
    client_secret: sims.icc.clientSecret,
    public_key: publicKey,
  });
  const data = token.body.data as { access_token: string };
  return { Authorization: `bearer ${data.access_token}` };
}

export async function icc(sims: Simulators, auth: Record<string, string>, path: string, data: unknown) {
  const answer = await postJson(`${sims.icc.url}/evo-apigw/admin/API/${path}`, { data }, auth);
  return answer as { status: number; body: { success: boolean; code: string; errMsg: string; data: never } };
}

export interface SocketRecording {
  socket: WebSocket;
  chunks: Buffer[];
  opened: Promise<void>;
  /** close code and reason, once closed */
  closed: Promise<{ code: number; reason: string }>;
  /** resolves when at least `bytes` have arrived */
  received(bytes: number): Promise<Buffer>;
}

/** Opens a websocket and records everything it receives. */
export function recordSocket(url: string): SocketRecording {
  const socket = new WebSocket(url);
  const chunks: Buffer[] = [];
  const waiters: { bytes: number; resolve: (data: Buffer) => void }[] = [];
  socket.on('error', () => undefined);
  socket.on('message', (data: Buffer) => {
    chunks.push(data);
    const all = Buffer.concat(chunks);
    for (const waiter of [...waiters]) {
      if (all.length >= waiter.bytes) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(all);
      }
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode ?? 0}`)),
    );
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    socket,
    chunks,
    opened,
    closed,
    received: (bytes) =>
      new Promise((resolve) => {
        const all = Buffer.concat(chunks);
        if (all.length >= bytes) resolve(all);
        else waiters.push({ bytes, resolve });
      }),
  };
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
