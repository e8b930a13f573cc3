import { z } from 'zod';
import type { SecretBox } from '../../db/secretBox.js';

/**
 * The download token of a `$ota` command: which device may fetch which job's firmware, until when.
 * Sealed with the server's secrets key (AES-256-GCM, authenticated: db/secretBox.ts), so only a server
 * of this installation makes one, any instance reads it, and a changed byte makes it worthless. It
 * travels in the URL's query; the device needs no session.
 */

const claimsSchema = z.object({
  d: z.number().int().positive(),
  j: z.number().int().positive(),
  f: z.number().int().positive(),
  /** Epoch milliseconds after which the token is refused. */
  e: z.number().int().positive(),
});
export type TokenClaims = { deviceId: number; jobId: number; firmwareId: number; expiresAt: number };

export function makeToken(secrets: SecretBox, claims: TokenClaims): string {
  return secrets.seal(
    JSON.stringify({ d: claims.deviceId, j: claims.jobId, f: claims.firmwareId, e: claims.expiresAt }),
  );
}

/** The claims of a token sealed with the current key and not expired at `now`; null otherwise. */
export function readToken(secrets: SecretBox, token: string, now: Date): TokenClaims | null {
  // `open` reads an unsealed value as it is: only a value sealed with the current key counts.
  if (secrets.stale(token)) return null;
  let parsed: z.output<typeof claimsSchema>;
  try {
    parsed = claimsSchema.parse(JSON.parse(secrets.open(token)));
  } catch {
    return null;
  }
  if (parsed.e <= now.getTime()) return null;
  return { deviceId: parsed.d, jobId: parsed.j, firmwareId: parsed.f, expiresAt: parsed.e };
}
