import dayjs, { type Dayjs } from 'dayjs';
import { LOG_RANGE_MAX_MS } from '@cityops/contract';

export type RangeValue = [Dayjs, Dayjs] | null | undefined;

/** A filter's `from`/`to` as the range picker's days. */
export function rangeOf(from: string | undefined, to: string | undefined): RangeValue {
  return from && to ? [dayjs(from), dayjs(to)] : undefined;
}

/** The picked days as the filter: from the start of the first day to the end of the last. */
export function filterOf(range: RangeValue): { from?: string; to?: string } {
  if (!range) return { from: undefined, to: undefined };
  return { from: range[0].startOf('day').toISOString(), to: range[1].endOf('day').toISOString() };
}

/** Whether the picked days fit in one search (at most a year, as the server allows). */
export function rangeFits(range: RangeValue): boolean {
  if (!range) return true;
  const { from, to } = filterOf(range);
  return Date.parse(to ?? '') - Date.parse(from ?? '') <= LOG_RANGE_MAX_MS;
}
