import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Opens a websocket upgrade to a stream URL without a websocket library: answers the HTTP status the
 * platform gave (101 when it accepted the URL) and the socket, which the caller closes.
 */
export function openStream(url: string): Promise<{ status: number; socket?: Socket }> {
  const target = new URL(url.replace(/^ws/, 'http'));
  return new Promise((resolve, reject) => {
    const req = request(target, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (response, socket) => resolve({ status: response.statusCode ?? 0, socket }));
    req.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end();
  });
}
