import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { HISTORY_SPAN_DAYS, checkHistoryRange } from '@cityops/contract';
import { i18n } from '@cityops/ui';

export type HistoryRange = [Dayjs, Dayjs] | null | undefined;

/**
 * The history form's range rule: the contract's `checkHistoryRange` (§5: a span of at most 7 days,
 * nothing older than 7 days), in the contract's words, before any call. `now` is read at each check.
 */
export const historyRangeRule = (now: () => number = Date.now): Rule => ({
  validator: async (_, range: HistoryRange) => {
    if (!range) return;
    const refused = checkHistoryRange(range[0].valueOf(), range[1].valueOf(), now());
    if (refused) throw new Error(i18n.t(`contract:${refused}` as 'contract:history.spanTooLong'));
  },
});

const MINUTE_MS = 60_000;
const SPAN_MS = HISTORY_SPAN_DAYS * 86_400_000;

/**
 * The end a query is sent with. The picker shows minutes, so a range ending in the current minute
 * (the default: up to now) means "until now" and is sent as now, taking in the reports of the last
 * seconds; never beyond the rule's span from the start.
 */
export function sentEnd(start: number, end: number, now: number): number {
  if (end < now - (now % MINUTE_MS)) return end;
  return Math.max(end, Math.min(now, start + SPAN_MS));
}
