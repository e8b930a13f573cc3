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

export async function platformRow(db: Database, platformCode: VideoPlatform): Promise<PlatformRow> {
  const [row] = await db.select().from(videoPlatforms).where(eq(videoPlatforms.platformCode, platformCode));
  return row ?? emptyRow(platformCode);
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

export async function allSettings(db: Database): Promise<PlatformSettings[]> {
  const rows = await Promise.all(VIDEO_PLATFORMS.map((code) => platformRow(db, code)));
  return rows.map(maskedSettings);
}

/** A secret left out or sent back masked keeps the stored one. */
const keep = (given: string | undefined, stored: string) =>
  given === undefined || given === SECRET_MASK ? stored : given;

export async function saveSettings(
  db: Database,
  update: PlatformSettingsUpdate,
  now: Date,
): Promise<PlatformSettings> {
  const stored = await platformRow(db, update.platformCode);
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
  const { platformCode, ...changes } = values;
  await db
    .insert(videoPlatforms)
    .values(values)
    .onConflictDoUpdate({ target: videoPlatforms.platformCode, set: changes });
  return maskedSettings({ ...values, platformCode });
}

/** The stored settings of a platform the server is about to call; refused when it is not set up. */
export async function usablePlatform(db: Database, platformCode: VideoPlatform): Promise<PlatformRow> {
  const row = await platformRow(db, platformCode);
  const credentials =
    platformCode === PLATFORM_HIK
      ? [row.appKey, row.appSecret]
      : [row.username, row.password, row.clientId, row.clientSecret];
  if (row.baseUrl === '' || credentials.some((value) => value === '')) {
    throw platformError(platformCode, 'video.platformNotConfigured');
  }
  return row;
}
