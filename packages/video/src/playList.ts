import { DEFAULT_PLAYBACK_WINDOW_MS, MAX_WINDOWS } from './constants.js';
import type { Rate } from './rate.js';
import { endOfDay, parseTime } from './time.js';
import type { RecordSegment } from './adapters.js';

export type PlayMode = 'live' | 'playback';

/** The URLs of one window (§3 play item). */
export interface PlayUrls {
  realplay?: string;
  talk?: string;
  playback?: string;
}

/** One entry of the HTML5 player's play list as a caller hands it over, before validation. */
export interface PlayItemInput {
  /** The camera code, shown in errors and used to ask for talk. */
  code?: string;
  name?: string;
  urls?: PlayUrls;
  playback?: { startTime?: unknown; endTime?: unknown; seekStart?: unknown };
  segments?: readonly RecordSegment[];
}

/** The playback window of a window, in epoch ms (§3 play item `playback`). */
export interface PlaybackRange {
  startTime: number;
  endTime: number;
  seekStart: number;
  rate: Rate;
}

/** A validated play list entry. */
export interface PlayItem {
  wndId: number;
  code: string;
  name: string;
  urls: PlayUrls;
  playback: PlaybackRange | null;
  segments: readonly { begin: number; end: number }[];
}

/** Keys of the §5 messages; `n` counts entries from 1. */
export type PlayListProblem =
  | { key: 'video.missingMode' }
  | { key: 'video.missingPlayList' }
  | {
      key:
        | 'video.missingRealplayUrl'
        | 'video.missingTalkUrl'
        | 'video.missingPlaybackUrl'
        | 'video.missingStartTime'
        | 'video.missingEndTime';
      n: number;
    };

export type PlayListCheck = { ok: true; items: PlayItem[] } | { ok: false; problem: PlayListProblem };

/**
 * §5's rules for a playback window: the end is cut to 23:59:59 of the start day (the timeline shows
 * one day), and a seek start outside [start, end] goes back to the start.
 */
export function normalizePlayback(
  startTime: number,
  endTime: number,
  seekStart: number | null,
): PlaybackRange {
  const end = Math.min(endTime, endOfDay(startTime));
  const seek = seekStart === null || seekStart < startTime || seekStart > end ? startTime : seekStart;
  return { startTime, endTime: end, seekStart: seek, rate: 1 };
}

/** §9's defaults for a device without times: the end is now, the start 24 hours before the end. */
export function defaultPlaybackTimes(
  startTime: unknown,
  endTime: unknown,
  now: number,
): { startTime: number; endTime: number } {
  const end = parseTime(endTime) ?? now;
  return { startTime: parseTime(startTime) ?? end - DEFAULT_PLAYBACK_WINDOW_MS, endTime: end };
}

/**
 * §5's checks of the HTML5 player's input, in the order the vendor player makes them, and the play
 * items built from a valid list. `talk` asks every entry for a talk URL too.
 */
export function checkPlayList(
  mode: PlayMode | undefined,
  list: readonly PlayItemInput[] | undefined,
  options: { talk?: boolean } = {},
): PlayListCheck {
  if (mode !== 'live' && mode !== 'playback') return { ok: false, problem: { key: 'video.missingMode' } };
  if (!list || list.length === 0) return { ok: false, problem: { key: 'video.missingPlayList' } };
  const items: PlayItem[] = [];
  for (const [index, entry] of list.slice(0, MAX_WINDOWS).entries()) {
    const n = index + 1;
    const urls = entry.urls ?? {};
    if (mode === 'live' && !urls.realplay)
      return { ok: false, problem: { key: 'video.missingRealplayUrl', n } };
    if (options.talk && !urls.talk) return { ok: false, problem: { key: 'video.missingTalkUrl', n } };
    let playback: PlaybackRange | null = null;
    if (mode === 'playback') {
      if (!urls.playback) return { ok: false, problem: { key: 'video.missingPlaybackUrl', n } };
      const start = parseTime(entry.playback?.startTime);
      if (start === null) return { ok: false, problem: { key: 'video.missingStartTime', n } };
      const end = parseTime(entry.playback?.endTime);
      if (end === null) return { ok: false, problem: { key: 'video.missingEndTime', n } };
      playback = normalizePlayback(start, end, parseTime(entry.playback?.seekStart));
    }
    items.push({
      wndId: index,
      code: entry.code ?? '',
      name: entry.name ?? '',
      urls,
      playback,
      segments: (entry.segments ?? []).flatMap((segment) => {
        const begin = parseTime(segment.beginTime);
        const end = parseTime(segment.endTime);
        return begin === null || end === null ? [] : [{ begin, end }];
      }),
    });
  }
  return { ok: true, items };
}
