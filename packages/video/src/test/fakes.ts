import { vi } from 'vitest';
import type { StreamFactory, StreamOptions } from '../stream.js';
import type { TalkOptions, TalkStarter } from '../talk/talkSession.js';
import type { RecordingStarter } from '../media/useRecording.js';

/** A stream stand-in: jsdom has no MSE. It records what was opened and lets a test raise errors. */
export function fakeStreams() {
  const opened: (StreamOptions & { destroyed: boolean; paused: boolean })[] = [];
  const factory: StreamFactory = (options) => {
    const entry = { ...options, destroyed: false, paused: false };
    opened.push(entry);
    return {
      play: () => void (entry.paused = false),
      pause: () => void (entry.paused = true),
      destroy: () => void (entry.destroyed = true),
    };
  };
  const live = () => opened.filter((entry) => !entry.destroyed);
  return { factory, opened, live };
}

export function fakeTalk() {
  const sessions: (TalkOptions & { stopped: boolean })[] = [];
  const starter: TalkStarter = (options) => {
    const entry = { ...options, stopped: false };
    sessions.push(entry);
    return Promise.resolve({ stop: () => void (entry.stopped = true) });
  };
  return { starter, sessions };
}

export function fakeRecorder() {
  const started: { format: string; url: string }[] = [];
  const stop = vi.fn(() => Promise.resolve(new Blob(['x'])));
  const starter: RecordingStarter = (format, _video, url) => {
    started.push({ format, url });
    return { stop };
  };
  return { starter, started, stop };
}
