import { eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import type { Database } from '../../db/connection.js';
import { serverKeys } from '../../db/schema.js';
import type { LoginKeyPair } from '../../http/context.js';

const LOGIN_KEY = 'login-sm2';
/** SM2 C1C3C2 ciphertext: 64-byte C1 point and 32-byte C3 digest before the message itself. */
const HEAD_HEX = 192;

/**
 * The SM2 key pair for cipher-text sign-in. Made by whichever instance starts first and kept in the
 * database, so every instance decrypts what any of them handed out. Only the public half is served.
 */
export async function loadLoginKeys(db: Database): Promise<LoginKeyPair> {
  const find = () => db.select().from(serverKeys).where(eq(serverKeys.name, LOGIN_KEY));
  let [row] = await find();
  if (!row) {
    const pair = sm2.generateKeyPairHex();
    await db
      .insert(serverKeys)
      .values({ name: LOGIN_KEY, ...pair })
      .onConflictDoNothing();
    [row] = await find();
  }
  if (!row) throw new Error('the login key pair could not be stored');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

/** The password inside a C1C3C2 hex ciphertext, or null when it is not one made with our key. */
export function decryptPassword(keys: LoginKeyPair, cipherHex: string): string | null {
  // Some SM2 libraries keep the 04 (uncompressed point) prefix on C1; accept both forms.
  const candidates = [cipherHex, cipherHex.startsWith('04') ? cipherHex.slice(2) : ''];
  for (const candidate of candidates) {
    if (candidate.length <= HEAD_HEX || candidate.length % 2 !== 0) continue;
    try {
      const plain = sm2.doDecrypt(candidate, keys.privateKey, 1, { output: 'string' });
      if (plain) return plain;
    } catch {
      // not a point on the curve: not our ciphertext
    }
  }
  return null;
}
