import { CHINA_UTC_OFFSET_MS, PLATFORM_UTC_OFFSET } from '@cityops/contract';

/**
 * Playback times on the platform's clock (China time, as every page shows times, whatever zone the
 * browser runs in); times are epoch milliseconds throughout the package. China keeps one offset all
 * year, so a platform wall-clock time is the UTC fields of the moment shifted by it.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The moment shifted so that its UTC fields read the platform's wall clock. */
const wall = (time: number) => new Date(time + CHINA_UTC_OFFSET_MS);

/** The moment a platform wall-clock time names. */
const fromWall = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, mo, d, h, mi, s) - CHINA_UTC_OFFSET_MS;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Reads a device's time: epoch milliseconds, `YYYY-MM-DD HH:mm(:ss)` on the platform's clock (how the
 * pages write it), or ISO 8601 with a zone. Anything else is no time at all.
 */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const local = LOCAL_TIME.exec(value.trim());
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return fromWall(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

export function startOfDay(time: number): number {
  const date = wall(time);
  return fromWall(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** 23:59:59 of the day `time` falls on. */
export function endOfDay(time: number): number {
  const date = wall(time);
  return fromWall(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 23, 59, 59);
}

/** `YYYY-MM-DD HH:mm:ss` on the platform's clock. */
export function formatDateTime(time: number): string {
  const d = wall(time);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** `HH:mm:ss` on the platform's clock. */
export function formatClock(time: number): string {
  return formatDateTime(time).slice(11);
}

/**
 * ISO 8601 with the platform's offset (`2026-11-22T08:00:00.000+08:00`), the form the platforms'
 * playback queries take: unambiguous for the server whatever its own zone.
 */
export function toIsoLocal(time: number): string {
  return `${formatDateTime(time).replace(' ', 'T')}.${pad(wall(time).getUTCMilliseconds(), 3)}${PLATFORM_UTC_OFFSET}`;
}

/** `YYYYMMDDHHmm`, and with `seconds` `YYYYMMDDHHmmss`: names of saved recordings and pictures. */
export function compactStamp(time: number, seconds = false): string {
  const stamp = formatDateTime(time).replace(/\D/g, '');
  return seconds ? stamp : stamp.slice(0, 12);
}
