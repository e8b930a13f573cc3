import { DEFAULT_VOLUME, type Split } from '../constants.js';
import type { PlayItem, PlayMode, PlaybackRange } from '../playList.js';
import type { Rate } from '../rate.js';
import { splitForCount } from '../split.js';
import { seekTarget } from '../timeline.js';

/** A window's state (§4.1): stopped → playing → paused → playing; anything → stopped on stop. */
export type PlayState = 'stopped' | 'playing' | 'paused';

export interface WindowState {
  item: PlayItem | null;
  playState: PlayState;
  /** Where the current playback session began, its end and rate; null in live. */
  playback: PlaybackRange | null;
  /** Bumped to open a new stream session (seek, rate change, restart) with the same item. */
  session: number;
  /** Paused on a frame by single-frame forward; play resumes normal playback. */
  frameStep: boolean;
}

export interface PlayerState {
  mode: PlayMode;
  split: Split;
  selected: number;
  windows: WindowState[];
  muted: boolean;
  volume: number;
  /** The window whose sound is on (one at a time, as in the vendor player). */
  soundWindow: number | null;
}

export type PlayerAction =
  | { type: 'load'; mode: PlayMode; items: PlayItem[]; screenWidth: number; autoPlay: boolean }
  | { type: 'select'; wnd: number }
  | { type: 'split'; split: Split }
  | { type: 'play'; wnd: number }
  | { type: 'pause'; wnd: number }
  | { type: 'resume'; wnd: number }
  | { type: 'stop'; wnd: number }
  | { type: 'stopAll' }
  | { type: 'seek'; wnd: number; time: number }
  | { type: 'rate'; wnd: number; rate: Rate; position: number }
  | { type: 'frameStep'; wnd: number; position: number }
  | { type: 'sound'; on: boolean }
  | { type: 'volume'; volume: number };

const stoppedWindow = (item: PlayItem | null): WindowState => ({
  item,
  playState: 'stopped',
  playback: item?.playback ?? null,
  session: 0,
  frameStep: false,
});

export function initialPlayerState(mode: PlayMode, split: Split): PlayerState {
  return { mode, split, selected: 0, windows: [], muted: true, volume: DEFAULT_VOLUME, soundWindow: null };
}

function updateWindow(
  state: PlayerState,
  wnd: number,
  change: (window: WindowState) => WindowState,
): PlayerState {
  const current = state.windows[wnd];
  if (!current) return state;
  const windows = state.windows.slice();
  windows[wnd] = change(current);
  return { ...state, windows };
}

/** A new playback session from the item's window: rate back to 1 (§4.4). */
function freshPlayback(window: WindowState): PlaybackRange | null {
  const range = window.playback ?? window.item?.playback ?? null;
  return range ? { ...range, rate: 1 } : null;
}

/**
 * A live window that shows the same camera in a new list goes on with its stream: ticking a tenth
 * camera must not restart the nine already playing. It keeps the address it opened (the new list
 * holds a fresh one for the same camera) and its session, so its `<video>` is left alone.
 */
function keptLiveWindow(state: PlayerState, mode: PlayMode, wnd: number, item: PlayItem): WindowState | null {
  const before = state.windows[wnd];
  if (mode !== 'live' || state.mode !== 'live' || !before?.item || before.playState === 'stopped')
    return null;
  if (before.item.code !== item.code || !before.item.urls.realplay) return null;
  return { ...before, item: { ...item, urls: { ...item.urls, realplay: before.item.urls.realplay } } };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'load': {
      const fresh = initialPlayerState(action.mode, splitForCount(action.items.length, action.screenWidth));
      const kept = action.items.map((item, wnd) => keptLiveWindow(state, action.mode, wnd, item));
      const windows = action.items.map(
        (item, wnd): WindowState =>
          kept[wnd] ?? { ...stoppedWindow(item), playState: action.autoPlay ? 'playing' : 'stopped' },
      );
      const soundKept = state.soundWindow !== null && kept[state.soundWindow] != null;
      return {
        ...fresh,
        windows,
        selected: state.mode === action.mode && state.selected < windows.length ? state.selected : 0,
        ...(soundKept ? { muted: state.muted, volume: state.volume, soundWindow: state.soundWindow } : {}),
      };
    }
    case 'select':
      return { ...state, selected: action.wnd };
    case 'split':
      return {
        ...state,
        split: action.split,
        selected: Math.min(state.selected, action.split * action.split - 1),
      };
    case 'play':
      return updateWindow(state, action.wnd, (window) =>
        window.item
          ? {
              ...window,
              playState: 'playing',
              playback: state.mode === 'playback' ? freshPlayback(window) : null,
              session: window.session + 1,
              frameStep: false,
            }
          : window,
      );
    case 'pause':
      return updateWindow(state, action.wnd, (window) =>
        window.playState === 'playing' ? { ...window, playState: 'paused' } : window,
      );
    case 'resume':
      return updateWindow(state, action.wnd, (window) =>
        window.playState === 'paused' ? { ...window, playState: 'playing', frameStep: false } : window,
      );
    case 'stop': {
      const stopped = updateWindow(state, action.wnd, (window) => stoppedWindow(window.item));
      return state.soundWindow === action.wnd ? { ...stopped, soundWindow: null, muted: true } : stopped;
    }
    case 'stopAll':
      // §4.1: every window, the sound back to muted and the volume to 50.
      return {
        ...state,
        windows: state.windows.map((window) => stoppedWindow(window.item)),
        muted: true,
        volume: DEFAULT_VOLUME,
        soundWindow: null,
      };
    case 'seek':
      return updateWindow(state, action.wnd, (window) => {
        if (!window.playback) return window;
        return {
          ...window,
          playback: { ...window.playback, seekStart: seekTarget(window.playback, action.time) },
          session: window.session + 1,
        };
      });
    case 'rate':
      return updateWindow(state, action.wnd, (window) =>
        window.playback
          ? {
              ...window,
              playback: { ...window.playback, seekStart: action.position, rate: action.rate },
              session: window.session + 1,
            }
          : window,
      );
    case 'frameStep':
      return updateWindow(state, action.wnd, (window) => {
        if (!window.playback || window.playState === 'stopped') return window;
        // Single-frame forward plays at 1x (§4.4): a faster session restarts at 1x where it was.
        const restart = window.playback.rate !== 1;
        return {
          ...window,
          playState: 'paused',
          frameStep: true,
          playback: restart ? { ...window.playback, seekStart: action.position, rate: 1 } : window.playback,
          session: restart ? window.session + 1 : window.session,
        };
      });
    case 'sound':
      return action.on
        ? { ...state, muted: false, soundWindow: state.selected }
        : { ...state, muted: true, soundWindow: null };
    case 'volume':
      return { ...state, volume: Math.min(100, Math.max(0, Math.round(action.volume))) };
  }
}

/** Where a playback window is now: its session's start plus what the video has played, at its rate. */
export function playbackPosition(playback: PlaybackRange, playedSeconds: number): number {
  return Math.min(playback.endTime, playback.seekStart + Math.round(playedSeconds * 1000 * playback.rate));
}
