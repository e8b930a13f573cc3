import { CHINA_OFFSET_MS } from './recordSegments.js';

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** Formats epoch ms as the platforms write times: ISO 8601 with milliseconds and +08:00. */
export function toChinaIso(epochMs: number): string {
  const local = new Date(epochMs + CHINA_OFFSET_MS);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}+08:00`
  );
}

/** ISO 8601 with an explicit offset (or Z), as Artemis requires; NaN when it is not one. */
export function parseIsoWithOffset(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(text)) return Number.NaN;
  return Date.parse(text);
}
