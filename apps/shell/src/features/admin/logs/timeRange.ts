import type { Dayjs } from 'dayjs';
import { LOG_RANGE_MAX_MS } from '@cityops/contract';
import { platformDay } from '@cityops/ui';

export type RangeValue = [Dayjs, Dayjs] | null | undefined;

/** A filter's `from`/`to` as the range picker's days, on the platform's calendar. */
export function rangeOf(from: string | undefined, to: string | undefined): RangeValue {
  return from && to ? [platformDay(from), platformDay(to)] : undefined;
}

/**
 * The picked days as the filter: from the start of the first day to the end of the last, days of the
 * platform's calendar (a browser elsewhere does not move them).
 */
export function filterOf(range: RangeValue): { from?: string; to?: string } {
  if (!range) return { from: undefined, to: undefined };
  return {
    from: platformDay(range[0].valueOf()).startOf('day').toISOString(),
    to: platformDay(range[1].valueOf()).endOf('day').toISOString(),
  };
}

/** Whether the picked days fit in one search (at most a year, as the server allows). */
export function rangeFits(range: RangeValue): boolean {
  if (!range) return true;
  const { from, to } = filterOf(range);
  return Date.parse(to ?? '') - Date.parse(from ?? '') <= LOG_RANGE_MAX_MS;
}
