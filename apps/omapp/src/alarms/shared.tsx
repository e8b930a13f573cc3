import { alarmEndpoints, chinaDateTime, warningEndpoints, type AlarmKind } from '@cityops/contract';
import { useLocale } from '@cityops/ui';
import { alarmTexts } from './texts';

export { useLocale };

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string | null | undefined) => (iso ? chinaDateTime(iso) : '');

/** The calls of one kind's two lists (alarms or early warnings). */
export const endpointsOf = (kind: AlarmKind) => (kind === 'alarm' ? alarmEndpoints : warningEndpoints);

/** How long an alarm lasted, from its first occurrence to its end: `1天2小时5分`, seconds under a minute. */
export function useDurationText() {
  const t = alarmTexts.useTexts();
  return (from: string, to: string | null): string => {
    if (!to) return '';
    const seconds = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3_600);
    const minutes = Math.floor((seconds % 3_600) / 60);
    if (seconds < 60) return t('dur.s', { n: seconds }).trim();
    return [
      days > 0 ? t('dur.d', { n: days }) : '',
      days > 0 || hours > 0 ? t('dur.h', { n: hours }) : '',
      t('dur.m', { n: minutes }),
    ]
      .join('')
      .trim();
  };
}
