import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from '@cityops/contract';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** ISO 8601 in China time with its offset (`2026-11-22T08:00:00.000+08:00`), as Artemis wants times. */
export function toChinaIso(time: number): string {
  const d = new Date(time + CHINA_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.` +
    `${pad(d.getUTCMilliseconds(), 3)}+08:00`
  );
}
