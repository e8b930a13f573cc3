import { chinaDateTime, LICENCE_MANAGE } from '@cityops/contract';
import type { AppContext } from '../../http/context.js';
import { produceMessage } from './produce.js';
import { claimTrigger, onceFor } from './triggers.js';

const DAY_MS = 86_400_000;

/** Days before the licence expires when its managers get a message, once each. */
export const LICENCE_MESSAGE_DAYS = [30, 15, 7, 3, 1] as const;

/** How often the licence's expiry is looked at (and once at start). */
export const LICENCE_CHECK_MS = 3_600_000;

type Ctx = Pick<AppContext, 'db' | 'now' | 'licence' | 'messageTemplates'>;

/**
 * `licence.expiring` to the holders of 许可证管理 (LICENCE_MANAGE), once per threshold of
 * LICENCE_MESSAGE_DAYS and licence: when the licence in force expires within one, the nearest
 * threshold crossed is claimed (message_triggers, keyed by licence, expiry and threshold) and the
 * message sent by whichever instance claims it first; farther thresholds crossed at the same time
 * (the server was off) are claimed too, without a message of their own. A renewed licence has a new
 * expiry, so its thresholds start afresh. Answers the threshold it spoke for, or null.
 */
export async function warnLicenceExpiry(ctx: Ctx): Promise<number | null> {
  const status = await ctx.licence.status();
  if (status.state !== 'valid' || !status.licence) return null;
  const { licenceId, expiresAt } = status.licence;
  const now = ctx.now();
  const left = new Date(expiresAt).getTime() - now.getTime();
  const crossed = LICENCE_MESSAGE_DAYS.filter((days) => left <= days * DAY_MS);
  if (crossed.length === 0) return null;
  const nearest = Math.min(...crossed);
  const keyOf = (days: number) => `licence.expiring:${licenceId}:${expiresAt}:${days}`;
  const spoken = await onceFor(ctx.db, keyOf(nearest), now, () =>
    produceMessage(ctx.db, ctx, {
      kind: 'licence.expiring',
      values: { days: String(Math.ceil(left / DAY_MS)), expiryDate: chinaDateTime(expiresAt).slice(0, 10) },
      audience: { code: LICENCE_MANAGE },
      link: '/admin/license',
    }),
  );
  if (spoken === null) return null;
  for (const days of crossed) if (days !== nearest) await claimTrigger(ctx.db, keyOf(days), now);
  return nearest;
}
