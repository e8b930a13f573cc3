import { createHash, randomUUID, type KeyObject } from 'node:crypto';
import {
  canonicalJson,
  LICENCE_MANAGE,
  licenceDocumentSchema,
  StatusCode,
  type RegisterLicenceRequest,
  type LicenceDocument,
  type LicenceStatus,
  type RegisteredLicence,
  type RenewalRequest,
  type SignedLicence,
  SYSTEM_NAMES,
  type WorseReason,
} from '@cityops/contract';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { licences, serverKeys, systemSettings } from '../../db/schema.js';
import { ApiError } from '../../http/envelope.js';
import { recordAudit, type Actor } from '../logs/audit.js';
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
      // The demo fleet's most (DEMO_FLEET_MAX, 10,000), the demo cameras, and a whole import of
      // DEVICE_IMPORT_MAX (30,000) besides.
      deviceLimit: 50_000,
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

  /** Every registered licence, newest first (at most LISTED), and which one is in force. */
  async list(): Promise<RegisteredLicence[]> {
    const inForce = await this.current();
    const rows = await this.db
      .select()
      .from(licences)
      .orderBy(desc(licences.registeredAt), desc(licences.id))
      .limit(LISTED);
    let found = false;
    return rows.flatMap((row) => {
      const parsed = licenceDocumentSchema.safeParse(row.document);
      if (!parsed.success) return [];
      const verified = verifyLicence({ licence: parsed.data, signature: row.signature }, this.key);
      const current =
        !found && verified && inForce !== null && canonicalJson(parsed.data) === canonicalJson(inForce);
      found ||= current;
      return [{ ...parsed.data, registeredAt: row.registeredAt.toISOString(), verified, inForce: current }];
    });
  }

  /** What the vendor needs to sign a renewal for this installation. */
  async renewalRequest(): Promise<RenewalRequest> {
    const current = await this.current();
    return {
      kind: 'cityops-licence-renewal',
      customer: current?.customer ?? '',
      fingerprint: await installationFingerprint(this.db, this.now()),
      current,
      requestedAt: this.now().toISOString(),
    };
  }

  /** The systems the licence in force opens (none without a valid licence; the gate answers then). */
  async modules(): Promise<ReadonlySet<string>> {
    const status = await this.status();
    return new Set(status.state === 'valid' ? (status.licence?.modules ?? []) : []);
  }

  /**
   * Installs a vendor-signed, unexpired licence; it is in force at once on this instance. While no
   * valid licence is in force anyone may register one (the /license page works before sign-in). Once
   * one is, only an administrator holding LICENCE_MANAGE may replace it, and a worse or older one
   * (see worseThan) only with `acceptDowngrade`; re-registering the licence in force changes nothing.
   */
  async register(
    { acceptDowngrade = false, ...signed }: RegisterLicenceRequest,
    replacer: LicenceReplacer,
  ): Promise<LicenceStatus> {
    if (!verifyLicence(signed, this.key)) throw new ApiError(StatusCode.REJECTED, 'licence.badSignature');
    const now = this.now();
    if (new Date(signed.licence.expiresAt).getTime() <= now.getTime())
      throw new ApiError(StatusCode.REJECTED, 'licence.expired');
    this.cached = null;
    const current = await this.status();
    let worse: WorseReason[] = [];
    if (current.state === 'valid' && current.licence) {
      if (canonicalJson(current.licence) === canonicalJson(signed.licence)) return current;
      if (!replacer.actor) throw new ApiError(StatusCode.REJECTED, 'licence.signInRequired');
      if (!replacer.permitted) throw new ApiError(StatusCode.UNAVAILABLE, 'licence.forbidden');
      worse = worseThan(signed.licence, current.licence);
      if (worse.length > 0 && !acceptDowngrade) throw new LicenceDowngrade(worse);
    }
    const { actor } = replacer;
    await this.db.transaction(async (tx) => {
      await storeLicence(tx, signed, now);
      if (actor)
        await recordAudit(tx, actor, now, {
          module: LICENCE_MANAGE,
          action: worse.length > 0 ? 'downgrade' : 'register',
          targetId: signed.licence.licenceId,
          targetName: signed.licence.customer,
          ...(worse.length > 0 ? { detail: worse.join(',') } : {}),
        });
    });
    this.cached = null;
    return this.status();
  }
}

const INSTALLATION_KEY = 'installation.id';
/** Registered licences the management page lists. */
const LISTED = 100;

/**
 * A fingerprint of this installation (all instances on one database share it): a random id made once
 * and kept in the database, hashed, so it names the installation without revealing anything about it.
 */
export async function installationFingerprint(db: Database, now: Date): Promise<string> {
  await db
    .insert(systemSettings)
    .values({ key: INSTALLATION_KEY, value: randomUUID(), updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, INSTALLATION_KEY));
  const digest = createHash('sha256')
    .update(`cityops-installation:${String(row?.value)}`)
    .digest('hex');
  return digest.slice(0, 32).toUpperCase().match(/.{4}/g)?.join('-') ?? digest;
}

/** Who registers: their actor when signed in, and whether they hold LICENCE_MANAGE. */
export interface LicenceReplacer {
  actor: Actor | null;
  permitted: boolean;
}

/** Refused because the new licence is worse; the route names the reasons in the caller's language. */
export class LicenceDowngrade extends Error {
  constructor(readonly reasons: readonly WorseReason[]) {
    super('licence downgrade');
  }
}

const time = (iso: string) => new Date(iso).getTime();

/**
 * How `next` is worse than `current`, in the order the refusal names them: it expires sooner, was
 * issued earlier (an older licence replayed), opens fewer modules, allows fewer devices, or is for
 * another customer. Empty when it is at least as good in every respect.
 */
export function worseThan(next: LicenceDocument, current: LicenceDocument): WorseReason[] {
  const reasons: WorseReason[] = [];
  if (time(next.expiresAt) < time(current.expiresAt)) reasons.push('expiresAt');
  if (time(next.issuedAt) < time(current.issuedAt)) reasons.push('issuedAt');
  if (current.modules.some((module) => !next.modules.includes(module))) reasons.push('modules');
  if (next.deviceLimit < current.deviceLimit) reasons.push('deviceLimit');
  if (next.customer !== current.customer) reasons.push('customer');
  return reasons;
}
