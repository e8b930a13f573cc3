import { randomUUID, type KeyObject } from 'node:crypto';
import {
  licenceDocumentSchema,
  StatusCode,
  type LicenceDocument,
  type LicenceStatus,
  type SignedLicence,
  SYSTEM_NAMES,
} from '@cityops/contract';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { licences, serverKeys } from '../../db/schema.js';
import { ApiError } from '../../http/envelope.js';
import { generateVendorKeys, parsePublicKey, signLicence, verifyLicence } from './sign.js';

/** How long an instance trusts what it last read; other instances' registrations show up this fast. */
export const LICENCE_CACHE_MS = 5_000;
/** Registrations looked at, newest first, for one the trusted key verifies. */
const CANDIDATES = 20;
const DAY_MS = 86_400_000;
const DEMO_KEY = 'licence-demo-ed25519';
export const DEMO_CUSTOMER = 'CityOps 演示';

/**
 * The vendor key the server trusts: LICENCE_PUBLIC_KEY when set (always in production, where config
 * refuses to start without it). In demo mode without it, a demo vendor key pair made once and kept in
 * the database (every instance shares it), and a one-year demo licence issued with it when no licence
 * it verifies is installed. A deployment with LICENCE_PUBLIC_KEY never issues itself anything.
 */
export async function prepareLicenceKey(db: Database, config: Config, now: Date): Promise<KeyObject> {
  if (config.LICENCE_PUBLIC_KEY) return parsePublicKey(config.LICENCE_PUBLIC_KEY);
  if (config.CITYOPS_MODE !== 'demo') throw new Error('LICENCE_PUBLIC_KEY is required in production');
  const find = () => db.select().from(serverKeys).where(eq(serverKeys.name, DEMO_KEY));
  let [row] = await find();
  if (!row) {
    const pair = generateVendorKeys();
    await db
      .insert(serverKeys)
      .values({ name: DEMO_KEY, publicKey: pair.publicKeyPem, privateKey: pair.privateKeyPem })
      .onConflictDoNothing();
    [row] = await find();
  }
  if (!row) throw new Error('the demo licence key could not be stored');
  const key = parsePublicKey(row.publicKey);
  if (!(await latestLicence(db, key))) {
    const document: LicenceDocument = {
      licenceId: `demo-${randomUUID()}`,
      customer: DEMO_CUSTOMER,
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 365 * DAY_MS).toISOString(),
      modules: Object.keys(SYSTEM_NAMES),
      deviceLimit: 10_000,
    };
    await storeLicence(db, signLicence(document, row.privateKey), now);
  }
  return key;
}

async function storeLicence(db: Database, signed: SignedLicence, now: Date) {
  await db.insert(licences).values({
    licenceId: signed.licence.licenceId,
    customer: signed.licence.customer,
    document: signed.licence,
    signature: signed.signature,
    expiresAt: new Date(signed.licence.expiresAt),
    registeredAt: now,
  });
}

/** The latest registration the key verifies (a row written any other way, or for another key, is skipped). */
async function latestLicence(db: Database, key: KeyObject): Promise<LicenceDocument | null> {
  const rows = await db
    .select()
    .from(licences)
    .orderBy(desc(licences.registeredAt), desc(licences.id))
    .limit(CANDIDATES);
  for (const row of rows) {
    const parsed = licenceDocumentSchema.safeParse(row.document);
    if (parsed.success && verifyLicence({ licence: parsed.data, signature: row.signature }, key))
      return parsed.data;
  }
  return null;
}

/** The installed licence as this instance sees it, re-read from the database every few seconds. */
export class LicenceKeeper {
  private cached: { document: LicenceDocument | null; readAt: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly key: KeyObject,
    private readonly now: () => Date,
  ) {}

  private async current(): Promise<LicenceDocument | null> {
    const at = this.now().getTime();
    const age = this.cached ? at - this.cached.readAt : Infinity;
    if (!this.cached || age < 0 || age >= LICENCE_CACHE_MS) {
      this.cached = { document: await latestLicence(this.db, this.key), readAt: at };
    }
    return this.cached.document;
  }

  async status(): Promise<LicenceStatus> {
    const document = await this.current();
    if (!document) return { state: 'missing', licence: null, daysLeft: null };
    const left = new Date(document.expiresAt).getTime() - this.now().getTime();
    return {
      state: left > 0 ? 'valid' : 'expired',
      licence: document,
      daysLeft: Math.floor(left / DAY_MS),
    };
  }

  async isValid() {
    return (await this.status()).state === 'valid';
  }

  /** Installs a vendor-signed, unexpired licence; it is in force at once on this instance. */
  async register(signed: SignedLicence): Promise<LicenceStatus> {
    if (!verifyLicence(signed, this.key)) throw new ApiError(StatusCode.REJECTED, 'licence.badSignature');
    const now = this.now();
    if (new Date(signed.licence.expiresAt).getTime() <= now.getTime())
      throw new ApiError(StatusCode.REJECTED, 'licence.expired');
    await storeLicence(this.db, signed, now);
    this.cached = null;
    return this.status();
  }
}
