import { createHash, createHmac, randomUUID } from 'node:crypto';

/**
 * Headers of a signed Artemis (Hikvision ISC gateway) JSON POST: X-Ca-Signature is
 * base64(HMAC-SHA256(appSecret, stringToSign)) over the method, Accept, Content-MD5, Content-Type,
 * the x-ca-* headers it names (sorted, lower-case) and the path with /artemis. A fresh nonce and
 * timestamp make a captured request useless later. (simulators/PROTOCOLS.md §1.1.)
 */
export function artemisHeaders(
  path: string,
  body: string,
  credentials: { appKey: string; appSecret: string },
  now = Date.now(),
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-md5': createHash('md5').update(body, 'utf8').digest('base64'),
    'content-type': 'application/json;charset=UTF-8',
    'x-ca-key': credentials.appKey,
    'x-ca-nonce': randomUUID(),
    'x-ca-timestamp': String(now),
  };
  const signedNames = ['x-ca-key', 'x-ca-nonce', 'x-ca-timestamp'];
  const stringToSign = [
    'POST',
    headers.accept,
    headers['content-md5'],
    headers['content-type'],
    ...signedNames.map((name) => `${name}:${headers[name] ?? ''}`),
    path,
  ].join('\n');
  headers['x-ca-signature-headers'] = signedNames.join(',');
  headers['x-ca-signature'] = createHmac('sha256', credentials.appSecret)
    .update(stringToSign, 'utf8')
    .digest('base64');
  return headers;
}
