import type { sm2 as sm2Module } from 'sm-crypto-v2';
import { z } from 'zod';
import { STORAGE_REMEMBER, STORAGE_REMEMBER_KEY } from '@cityops/contract';

/**
 * Remember account and password (platform-shell.md §4): SM2-encrypted under localStorage `userRem`.
 *
 * Why a key pair of its own, made in this browser: the familiar way to do this ships one key pair
 * in the bundle, so anyone can decrypt every remembered item they find, and if that pair is also
 * the login cipher's pair, forge cipher-text logins too (BEAT-THE-ANCHORS.md). Here the pair is
 * generated on first use and kept under `userRemKey`; it is not the server's login key pair, whose
 * private half never leaves the server. A `userRem` copied to another browser cannot be decrypted.
 *
 * SM2 is loaded only when there is something to decrypt or encrypt: a login page without a remembered
 * item, whose user leaves the box unticked, never downloads it.
 *
 * What it does not do: anyone who can read this browser's localStorage (its user, or script running
 * on this origin) can read both items. Remembering a password on a shared machine stays a risk the
 * user takes by ticking the box.
 */

export interface Remembered {
  userName: string;
  password: string;
}

/** C1C3C2, the order the national standard (GM/T 0003-2012) specifies. */
const CIPHER_MODE = 1;

const keyPairSchema = z.object({
  publicKey: z.string().regex(/^04[0-9a-f]{128}$/i),
  privateKey: z.string().regex(/^[0-9a-f]{64}$/i),
});
/** C1 (64 bytes) and C3 (32 bytes) come before any message byte. */
const cipherSchema = z.string().regex(/^[0-9a-f]{194,}$/i);
const rememberedSchema = z.object({ userName: z.string().min(1), password: z.string().min(1) });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface RememberMe {
  /** Whether an item is stored, before paying for SM2 to read it. */
  hasItem(): boolean;
  /** The remembered account and password; a missing, corrupt or undecryptable item answers null. */
  load(): Promise<Remembered | null>;
  save(remembered: Remembered): Promise<void>;
  forget(): void;
}

type Sm2 = typeof sm2Module;
const loadSm2 = async (): Promise<Sm2> => (await import('sm-crypto-v2')).sm2;

export function createRememberMe(storage: () => Storage | null): RememberMe {
  function readKeyPair(store: Storage) {
    const parsed = keyPairSchema.safeParse(parseJson(store.getItem(STORAGE_REMEMBER_KEY) ?? ''));
    return parsed.success ? parsed.data : null;
  }

  function keyPair(store: Storage, sm2: Sm2) {
    const existing = readKeyPair(store);
    if (existing) return existing;
    const created = sm2.generateKeyPairHex();
    store.setItem(STORAGE_REMEMBER_KEY, JSON.stringify(created));
    return created;
  }

  function decrypt(store: Storage, sm2: Sm2): Remembered | null {
    const cipher = cipherSchema.safeParse(store.getItem(STORAGE_REMEMBER));
    const keys = readKeyPair(store);
    if (!cipher.success || !keys) return null;
    try {
      const plain = sm2.doDecrypt(cipher.data, keys.privateKey, CIPHER_MODE, { output: 'string' });
      const parsed = rememberedSchema.safeParse(parseJson(plain));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    hasItem: () => storage()?.getItem(STORAGE_REMEMBER) != null,
    async load() {
      const store = storage();
      if (!store || store.getItem(STORAGE_REMEMBER) === null) return null;
      const remembered = decrypt(store, await loadSm2());
      if (!remembered) store.removeItem(STORAGE_REMEMBER);
      return remembered;
    },
    async save({ userName, password }) {
      const store = storage();
      if (!store) return;
      const sm2 = await loadSm2();
      const { publicKey } = keyPair(store, sm2);
      store.setItem(
        STORAGE_REMEMBER,
        sm2.doEncrypt(JSON.stringify({ userName, password }), publicKey, CIPHER_MODE),
      );
    },
    forget() {
      storage()?.removeItem(STORAGE_REMEMBER);
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked site data: remembering is simply unavailable.
    return null;
  }
}

export const rememberMe = createRememberMe(browserStorage);
