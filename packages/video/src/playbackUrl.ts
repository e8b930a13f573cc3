import { playbackStreamUrl as contractPlaybackStreamUrl } from '@cityops/contract';
import type { Rate } from './rate.js';

export interface PlaybackPosition {
  begin: number;
  end: number;
  rate: Rate;
}

/** Builds the stream URL of a playback window that starts at `begin` and plays at `rate`. */
export type PlaybackStreamUrl = (url: string, position: PlaybackPosition) => string;

/**
 * The default form: the platform's playback URL with `start` and `end` (epoch ms) and `rate` set, as
 * the media sockets read them (simulators/PROTOCOLS.md §3.2, contract `playbackStreamUrl`); values
 * the server put on the URL are replaced, not repeated. A seek or a rate change opens a new session at
 * the new position (VIDEO-NOTES.md).
 */
export const playbackStreamUrl: PlaybackStreamUrl = (url, { begin, end, rate }) =>
  contractPlaybackStreamUrl(url, { start: begin, end, rate });
