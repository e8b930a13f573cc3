import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { checkHistoryRange } from '@cityops/contract';
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
