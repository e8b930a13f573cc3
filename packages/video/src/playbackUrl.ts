import type { Rate } from './rate.js';
import { toIsoLocal } from './time.js';

export interface PlaybackPosition {
  begin: number;
  end: number;
  rate: Rate;
}

/** Builds the stream URL of a playback window that starts at `begin` and plays at `rate`. */
export type PlaybackStreamUrl = (url: string, position: PlaybackPosition) => string;

/**
 * The default form: the platform's playback URL with `begin`, `end` (ISO 8601 with offset) and `rate`
 * added. A seek or a rate change opens a new session at the new position (VIDEO-NOTES.md), so the
 * server learns both from the URL.
 */
export const playbackStreamUrl: PlaybackStreamUrl = (url, { begin, end, rate }) => {
  const [base = '', hash] = url.split('#');
  const params = new URLSearchParams({ begin: toIsoLocal(begin), end: toIsoLocal(end), rate: String(rate) });
  const joined = `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
};
