import type { Translate } from '../i18n/defineTexts.js';
import { timeTexts } from './texts.js';

type TimeText = Parameters<typeof timeTexts.t>[0];

const UNITS: readonly (readonly [TimeText, number])[] = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/**
 * A span of seconds as a person reads it: its two largest units (`3天4小时`, `3 d 4 h`), the seconds
 * only under a minute; a negative or fractional span counts whole seconds from zero.
 */
export function formatDuration(totalSeconds: number, t: Translate<TimeText> = timeTexts.t): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts = UNITS.flatMap(([unit, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return [{ unit, count }];
  });
  const first = parts.findIndex((part) => part.count > 0);
  if (first === -1) return t('seconds', { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter((part) => part.count > 0)
    .map((part) => t(part.unit, { count: part.count }))
    .join(t('separator'));
}
