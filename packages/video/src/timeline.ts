import { DAY_MS, TIMELINE_HALF_HOURS_FROM_PX } from './constants.js';
import type { PlaybackRange } from './playList.js';

/** Hours between labels: §2.5's 4, 2 and 1, and half an hour where the width allows. */
export type LabelStep = 0.5 | 1 | 2 | 4;

/**
 * Hours between visible labels by the timeline's width (§2.5): every 4th under 768 px, every 2nd under
 * 1366 px, else every hour; and the half hours too (the spec's "labels like 00:30") from
 * TIMELINE_HALF_HOURS_FROM_PX, where each of the 48 has a label's room.
 */
export function labelStep(width: number): LabelStep {
  if (width < 768) return 4;
  if (width < 1366) return 2;
  if (width < TIMELINE_HALF_HOURS_FROM_PX) return 1;
  return 0.5;
}

export interface TimelineLabel {
  /** Minutes after 00:00 of the day shown, 0 to 1440. */
  minute: number;
  /** Distance from the left edge, 0 to 1. */
  at: number;
  /** HH:mm, `00:00` to `24:00`. */
  text: string;
  /** A half hour (00:30), drawn quieter than the hours. */
  half: boolean;
}

const MINUTES_PER_DAY = 24 * 60;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The labels of the 24-hour scale, `00:00` to `24:00`, every `step` hours. */
export function scaleLabels(step: LabelStep): TimelineLabel[] {
  const labels: TimelineLabel[] = [];
  for (let minute = 0; minute <= MINUTES_PER_DAY; minute += step * 60) {
    labels.push({
      minute,
      at: minute / MINUTES_PER_DAY,
      text: `${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`,
      half: minute % 60 !== 0,
    });
  }
  return labels;
}

/** Where `time` sits on the scale of the day starting at `dayStart`, 0 to 1 (clamped). */
export function fractionOf(time: number, dayStart: number): number {
  return Math.min(1, Math.max(0, (time - dayStart) / DAY_MS));
}

/** The time at `fraction` of the day starting at `dayStart`, to the second. */
export function timeAt(fraction: number, dayStart: number): number {
  const clamped = Math.min(1, Math.max(0, fraction));
  return dayStart + Math.round((clamped * DAY_MS) / 1000) * 1000;
}

/** Recorded segments as spans of the day's scale, clipped to it; segments outside the day vanish. */
export function segmentSpans(
  segments: readonly { begin: number; end: number }[],
  dayStart: number,
): { left: number; width: number }[] {
  return segments.flatMap(({ begin, end }) => {
    const left = fractionOf(begin, dayStart);
    const right = fractionOf(end, dayStart);
    return right > left ? [{ left, width: right - left }] : [];
  });
}

/** Where a click at `time` seeks to: the time itself inside the playback window, else its start (§5). */
export function seekTarget(range: Pick<PlaybackRange, 'startTime' | 'endTime'>, time: number): number {
  return time < range.startTime || time > range.endTime ? range.startTime : time;
}

/**
 * Calls `run` at most once per `ms` (§9's hover throttle of 1 s): the first call at once, and the
 * last one of a burst when the period ends, so the marker ends where the pointer stopped.
 */
export function throttle<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let waiting = false;
  let pending: A | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (pending) {
      const args = pending;
      pending = null;
      run(...args);
      timer = setTimeout(release, ms);
    } else {
      waiting = false;
    }
  };
  const call = (...args: A) => {
    if (waiting) {
      pending = args;
      return;
    }
    waiting = true;
    run(...args);
    timer = setTimeout(release, ms);
  };
  call.cancel = () => {
    clearTimeout(timer);
    waiting = false;
    pending = null;
  };
  return call;
}
