import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Artemis (Hikvision ISC gateway) request signing, as its HTTP client does it:
 *
 *   METHOD\n
 *   [Accept\n] [Content-MD5\n] [Content-Type\n] [Date\n]      (each line only when the header is sent)
 *   name:value\n ...                                           (headers listed in X-Ca-Signature-Headers,
 *                                                               lower-case names, sorted)
 *   path[?k=v&k2=v2]                                           (query parameters sorted by name)
 *
 * X-Ca-Signature = base64(HMAC-SHA256(appSecret, that string)). The path includes the /artemis prefix.
 */

export interface SignableRequest {
  method: string;
  /** e.g. /artemis/api/video/v2/cameras/previewURLs */
  path: string;
  /** header names in any case */
  headers: Record<string, string | undefined>;
  query?: URLSearchParams;
}

const headerLines = ['accept', 'content-md5', 'content-type', 'date'];

function lowerCaseHeaders(headers: Record<string, string | undefined>): Map<string, string> {
  const result = new Map<string, string>();
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) result.set(name.toLowerCase(), value);
  return result;
}

export function signedHeaderNames(headers: Record<string, string | undefined>): string[] {
  const declared = lowerCaseHeaders(headers).get('x-ca-signature-headers') ?? '';
  return declared
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0)
    .sort();
}

export function artemisStringToSign(request: SignableRequest): string {
  const headers = lowerCaseHeaders(request.headers);
  let text = `${request.method.toUpperCase()}\n`;
  for (const name of headerLines) {
    const value = headers.get(name);
    if (value !== undefined) text += `${value}\n`;
  }
  for (const name of signedHeaderNames(request.headers)) text += `${name}:${headers.get(name) ?? ''}\n`;
  text += request.path;
  const params = [...(request.query ?? new URLSearchParams()).entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  if (params.length > 0)
    text += `?${params.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join('&')}`;
  return text;
}

export function artemisSignature(appSecret: string, stringToSign: string): string {
  return createHmac('sha256', appSecret).update(stringToSign, 'utf8').digest('base64');
}

export function contentMd5(body: Buffer | string): string {
  return createHash('md5').update(body).digest('base64');
}

export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Headers for a signed JSON POST, the way an adapter would send it (used by tests; the server's adapter has
 * its own copy of this logic). Signs x-ca-key, x-ca-nonce and x-ca-timestamp.
 */
export function signArtemisJsonPost(input: {
  path: string;
  body: string;
  appKey: string;
  appSecret: string;
  timestamp?: number;
  nonce?: string;
}): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: '*/*',
    'Content-Type': 'application/json;charset=UTF-8',
    'X-Ca-Key': input.appKey,
    'X-Ca-Nonce': input.nonce ?? crypto.randomUUID(),
    'X-Ca-Timestamp': String(input.timestamp ?? Date.now()),
    'X-Ca-Signature-Headers': 'x-ca-key,x-ca-nonce,x-ca-timestamp',
  };
  const stringToSign = artemisStringToSign({ method: 'POST', path: input.path, headers });
  return { ...headers, 'X-Ca-Signature': artemisSignature(input.appSecret, stringToSign) };
}
