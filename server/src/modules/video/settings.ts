import {
  PLATFORM_HIK,
  PLATFORM_ICC,
  SECRET_MASK,
  VIDEO_PLATFORMS,
  type PlatformSettings,
  type PlatformSettingsUpdate,
  type VideoPlatform,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { videoPlatforms } from '../../db/schema.js';
import type { SecretBox } from '../../db/secretBox.js';
import { platformError } from './errors.js';

export type PlatformRow = typeof videoPlatforms.$inferSelect;

export const DEFAULT_TIMEOUT_MS = 5000;

/** A kind without a stored row reads as empty (production starts with none). */
const emptyRow = (platformCode: VideoPlatform): PlatformRow => ({
  platformCode,
  baseUrl: '',
  appKey: '',
  appSecret: '',
  username: '',
  password: '',
  clientId: '',
  clientSecret: '',
  timeoutMs: DEFAULT_TIMEOUT_MS,
  updatedAt: new Date(0),
});

/** The columns kept sealed in the database (db/secretBox.ts); every other column is plain. */
const SEALED = ['appSecret', 'password', 'clientSecret'] as const;

const withSecrets = (row: PlatformRow, change: (value: string) => string): PlatformRow => ({
  ...row,
  ...Object.fromEntries(SEALED.map((column) => [column, change(row[column])])),
});

/** A platform's settings with its secrets opened, for the server's own calls to it. */
export async function platformRow(
  db: Database,
  box: SecretBox,
  platformCode: VideoPlatform,
): Promise<PlatformRow> {
  const [row] = await db.select().from(videoPlatforms).where(eq(videoPlatforms.platformCode, platformCode));
  return row ? withSecrets(row, (value) => box.open(value)) : emptyRow(platformCode);
}

/**
 * Seals every stored secret that is still plain (stored before sealing, or by the demo seed) or was
 * sealed with a key being rotated out; run at start-up. Answers how many rows were sealed again.
 */
export async function resealSecrets(db: Database, box: SecretBox): Promise<number> {
  const rows = await db.select().from(videoPlatforms);
  const stale = rows.filter((row) => SEALED.some((column) => box.stale(row[column])));
  for (const row of stale) {
    const sealed = withSecrets(row, (value) => box.seal(box.open(value)));
    await db
      .update(videoPlatforms)
      .set(Object.fromEntries(SEALED.map((column) => [column, sealed[column]])))
      .where(eq(videoPlatforms.platformCode, row.platformCode));
  }
  return stale.length;
}

const mask = (secret: string) => (secret === '' ? '' : SECRET_MASK);

/** The settings as an administrator reads them: every secret masked. */
export function maskedSettings(row: PlatformRow): PlatformSettings {
  const common = { baseUrl: row.baseUrl, timeoutMs: row.timeoutMs };
  if (row.platformCode === PLATFORM_HIK) {
    return { platformCode: PLATFORM_HIK, ...common, appKey: row.appKey, appSecret: mask(row.appSecret) };
  }
  return {
    platformCode: PLATFORM_ICC,
    ...common,
    username: row.username,
    password: mask(row.password),
    clientId: row.clientId,
    clientSecret: mask(row.clientSecret),
  };
}

export async function allSettings(db: Database, box: SecretBox): Promise<PlatformSettings[]> {
  const rows = await Promise.all(VIDEO_PLATFORMS.map((code) => platformRow(db, box, code)));
  return rows.map(maskedSettings);
}

/** A secret left out or sent back masked keeps the stored one. */
const keep = (given: string | undefined, stored: string) =>
  given === undefined || given === SECRET_MASK ? stored : given;

export async function saveSettings(
  db: Database,
  box: SecretBox,
  update: PlatformSettingsUpdate,
  now: Date,
): Promise<PlatformSettings> {
  const stored = await platformRow(db, box, update.platformCode);
  const baseUrl = update.baseUrl.trim().replace(/\/$/, '');
  const timeoutMs = update.timeoutMs ?? stored.timeoutMs;
  const values: PlatformRow =
    update.platformCode === PLATFORM_HIK
      ? {
          ...stored,
          baseUrl,
          timeoutMs,
          appKey: update.appKey.trim(),
          appSecret: keep(update.appSecret, stored.appSecret),
          updatedAt: now,
        }
      : {
          ...stored,
          baseUrl,
          timeoutMs,
          username: update.username.trim(),
          password: keep(update.password, stored.password),
          clientId: update.clientId.trim(),
          clientSecret: keep(update.clientSecret, stored.clientSecret),
          updatedAt: now,
        };
  const sealed = withSecrets(values, (value) => box.seal(value));
  const { platformCode, ...changes } = sealed;
  await db
    .insert(videoPlatforms)
    .values(sealed)
    .onConflictDoUpdate({ target: videoPlatforms.platformCode, set: changes });
  return maskedSettings({ ...values, platformCode });
}

/** The stored settings of a platform the server is about to call; refused when it is not set up. */
export async function usablePlatform(
  db: Database,
  box: SecretBox,
  platformCode: VideoPlatform,
): Promise<PlatformRow> {
  const row = await platformRow(db, box, platformCode);
  const credentials =
    platformCode === PLATFORM_HIK
      ? [row.appKey, row.appSecret]
      : [row.username, row.password, row.clientId, row.clientSecret];
  if (row.baseUrl === '' || credentials.some((value) => value === '')) {
    throw platformError(platformCode, 'video.platformNotConfigured');
  }
  return row;
}
