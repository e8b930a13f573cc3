import { z } from 'zod';
import { postBody } from '../admin/endpointKit.js';
import { momentFilter } from '../admin/fields.js';
import { idFilter } from '../admin/paging.js';

/**
 * omStatisticsInfo: alarms and work orders of a period by source, state, level and
 * type; how fast alarms are answered and orders done; the share of orders done on time.
 */

export const STATISTICS_PAGE = 'omStatisticsInfo';

/** Periods longer than this are refused (a year, §5's longest range). */
export const STATISTICS_SPAN_MAX_DAYS = 366;

export const statisticsRequestSchema = z
  .object({
    projectId: idFilter,
    /** From … to, inclusive, China time (YYYY-MM-DD HH:mm:ss); both required. */
    from: momentFilter.pipe(z.string({ error: 'statistics.rangeRequired' })),
    to: momentFilter.pipe(z.string({ error: 'statistics.rangeRequired' })),
  })
  .strict();
export type StatisticsRequest = z.input<typeof statisticsRequestSchema>;

/** A count by a code (a state, level, source, device type or alarm title). */
const tally = z.array(z.object({ key: z.string(), count: z.number().int().min(0) }));

export const statisticsSchema = z.object({
  alarms: z.object({
    total: z.number().int(),
    byState: tally,
    byLevel: tally,
    byKind: tally,
    /** Device type codes. */
    byType: tally,
    /** Alarm titles (rule or event names), the ten most frequent. */
    byTitle: tally,
    /** Seconds from opening to the first action, mean and 95th percentile; null when none was handled. */
    responseSeconds: z.object({ mean: z.number().nullable(), p95: z.number().nullable() }),
  }),
  orders: z.object({
    total: z.number().int(),
    bySource: tally,
    byState: tally,
    byLevel: tally,
    /** Seconds from creation to done. */
    handlingSeconds: z.object({ mean: z.number().nullable(), p95: z.number().nullable() }),
    /** Of the orders done in the period, the share done by their deadline (0-1); null when none. */
    onTimeRate: z.number().min(0).max(1).nullable(),
    overdueOpen: z.number().int(),
  }),
  /** Per China day of the period: alarms opened, orders created, orders done. */
  daily: z.array(
    z.object({ day: z.string(), alarms: z.number().int(), orders: z.number().int(), done: z.number().int() }),
  ),
});
export type Statistics = z.output<typeof statisticsSchema>;

export const statisticsEndpoints = {
  summary: postBody('/om/statistics/summary', STATISTICS_PAGE, statisticsRequestSchema, statisticsSchema),
} as const;
