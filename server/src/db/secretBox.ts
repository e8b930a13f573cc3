import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';

/**
 * Secrets at rest (the video platforms' passwords and keys): AES-256-GCM with a key kept outside the
 * database. A sealed value reads `enc1.<key id>.<iv>.<ciphertext and tag>` (base64url), where the key
 * id is the first 8 hex digits of the key's SHA-256, so a value names the key that opens it.
 *
 * The key is `SECRETS_KEY` (32 bytes, base64). Without it, in demo mode only, the server makes one in
 * `DATA_DIR/secrets.key` (readable by its owner alone). Rotation: set the new key as `SECRETS_KEY` and
 * the old one in `SECRETS_KEY_PREVIOUS` (comma-separated); at start-up every stored secret is sealed
 * again with the new key, after which the old one can go (DEVELOPERS.md, "Secrets at rest").
 */
export interface SecretBox {
  /** The sealed form of a secret; the empty string (not set) stays empty. */
  seal(plain: string): string;
  /** The secret inside a sealed value; a value stored before sealing existed reads as it is. */
  open(stored: string): string;
  /** Whether a stored value is plain text or sealed with another key than the current one. */
  stale(stored: string): boolean;
}

const PREFIX = 'enc1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_FILE = 'secrets.key';

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function parseKey(text: string, setting: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error(
      `${setting} must be ${KEY_BYTES} bytes in base64 (make one with: openssl rand -base64 32)`,
    );
  return key;
}

export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const currentId = keyId(current);
  const keys = new Map([...previous, current].map((key) => [keyId(key), key]));
  return {
    seal(plain) {
      if (plain === '') return '';
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [PREFIX, currentId, iv.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(stored) {
      const parts = stored.split('.');
      if (parts[0] !== PREFIX || parts.length !== 4) return stored;
      const [, id = '', iv = '', body = ''] = parts;
      const key = keys.get(id);
      if (!key)
        throw new Error(
          `a stored secret was sealed with key ${id}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
        );
      const sealed = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    stale(stored) {
      if (stored === '') return false;
      const parts = stored.split('.');
      return parts[0] !== PREFIX || parts.length !== 4 || parts[1] !== currentId;
    },
  };
}

/** The demo key file: read when there, made (owner-only) when not; two instances racing keep one. */
async function demoKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, SECRETS_KEY_FILE);
  const read = async () => parseKey(await readFile(path, 'utf8'), path);
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

/** The box of this server: `SECRETS_KEY` (required in production), or the demo key file. */
export async function loadSecretBox(config: Config): Promise<SecretBox> {
  const previous = (config.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text) => parseKey(text, 'SECRETS_KEY_PREVIOUS'));
  if (config.SECRETS_KEY) return createSecretBox(parseKey(config.SECRETS_KEY, 'SECRETS_KEY'), previous);
  if (config.CITYOPS_MODE !== 'demo')
    throw new Error('SECRETS_KEY is required in production (make one with: openssl rand -base64 32)');
  return createSecretBox(await demoKey(config.DATA_DIR), previous);
}
