/**
 * Recordings the simulated platforms "have": every camera records continuously in files of up to one hour,
 * except for one gap in each six-hour block of the day (China time). Gaps depend only on the camera code and
 * the day, so every query and every test sees the same timeline, and nothing is ever recorded after "now".
 */

export interface RecordSegment {
  /** epoch ms, inclusive */
  start: number;
  /** epoch ms, exclusive */
  end: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The platforms' local time is UTC+08:00 (the spec's ISO times carry +08:00). */
export const CHINA_OFFSET_MS = 8 * HOUR;
const BLOCK = 6 * HOUR;

export function chinaDayStart(epochMs: number): number {
  return Math.floor((epochMs + CHINA_OFFSET_MS) / DAY) * DAY - CHINA_OFFSET_MS;
}

/** FNV-1a: a tiny stable hash, so gap positions are the same on every run and machine. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The gaps of one day: one per six-hour block, 30 min to 5 h into it, lasting 5 to 40 minutes. */
export function gapsOfDay(code: string, dayStart: number): RecordSegment[] {
  const gaps: RecordSegment[] = [];
  for (let block = 0; block < 4; block += 1) {
    const h = hash(`${code}|${dayStart}|${block}`);
    const offsetMinutes = 30 + (h % 271);
    const lengthMinutes = 5 + ((h >>> 16) % 36);
    const start = dayStart + block * BLOCK + offsetMinutes * MINUTE;
    gaps.push({ start, end: start + lengthMinutes * MINUTE });
  }
  return gaps;
}

/** Record files of one whole day: hourly files cut by the gaps. */
function filesOfDay(code: string, dayStart: number): RecordSegment[] {
  const gaps = gapsOfDay(code, dayStart);
  const files: RecordSegment[] = [];
  for (let hourStart = dayStart; hourStart < dayStart + DAY; hourStart += HOUR) {
    let pieces: RecordSegment[] = [{ start: hourStart, end: hourStart + HOUR }];
    for (const gap of gaps) {
      pieces = pieces.flatMap((piece) => subtract(piece, gap));
    }
    files.push(...pieces);
  }
  return files;
}

function subtract(piece: RecordSegment, gap: RecordSegment): RecordSegment[] {
  if (gap.end <= piece.start || gap.start >= piece.end) return [piece];
  const left = { start: piece.start, end: gap.start };
  const right = { start: gap.end, end: piece.end };
  return [left, right].filter((part) => part.end > part.start);
}

/**
 * The record files overlapping [from, to), clipped to the range and to `now`, oldest first.
 */
export function recordSegments(code: string, from: number, to: number, now: number): RecordSegment[] {
  const until = Math.min(to, now);
  const result: RecordSegment[] = [];
  for (let day = chinaDayStart(from); day < until; day += DAY) {
    for (const file of filesOfDay(code, day)) {
      const start = Math.max(file.start, from);
      const end = Math.min(file.end, until);
      if (end > start) result.push({ start, end });
    }
  }
  return result;
}

/**
 * What a playback of [from, to) actually plays: the continuous stretches of recording, with the hourly file
 * boundaries merged away. Starting inside a gap begins at the next stretch; an empty list means nothing to play.
 */
export function playbackStretches(code: string, from: number, to: number, now: number): RecordSegment[] {
  const stretches: RecordSegment[] = [];
  for (const segment of recordSegments(code, from, to, now)) {
    const last = stretches.at(-1);
    if (last && last.end === segment.start) last.end = segment.end;
    else stretches.push({ ...segment });
  }
  return stretches;
}
