/** Local-time helpers for playback windows; times are epoch milliseconds throughout the package. */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Reads a device's time: epoch milliseconds, `YYYY-MM-DD HH:mm(:ss)` in local time (how the pages
 * write it), or ISO 8601 with a zone. Anything else is no time at all.
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
    return new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s).getTime();
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

export function startOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** 23:59:59 of the day `time` falls on. */
export function endOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59).getTime();
}

/** `YYYY-MM-DD HH:mm:ss` in local time. */
export function formatDateTime(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** The value of an `<input type="datetime-local" step="1">`: `YYYY-MM-DDTHH:mm:ss`. */
export function toDateTimeLocal(time: number): string {
  return formatDateTime(time).replace(' ', 'T');
}

/** `HH:mm:ss` in local time. */
export function formatClock(time: number): string {
  const d = new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * ISO 8601 with the local offset (`2026-11-22T08:00:00.000+08:00`), the form the platforms' playback
 * queries take: unambiguous for the server whatever its own zone.
 */
export function toIsoLocal(time: number): string {
  const d = new Date(time);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${formatDateTime(time).replace(' ', 'T')}.${pad(d.getMilliseconds(), 3)}${sign}${pad(
    Math.floor(abs / 60),
  )}:${pad(abs % 60)}`;
}

/** `YYYYMMDDHHmm`, and with `seconds` `YYYYMMDDHHmmss`: names of saved recordings and pictures. */
export function compactStamp(time: number, seconds = false): string {
  const d = new Date(time);
  const minute = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(
    d.getMinutes(),
  )}`;
  return seconds ? `${minute}${pad(d.getSeconds())}` : minute;
}
