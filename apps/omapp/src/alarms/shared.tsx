import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  DEVICE_TYPES,
  alarmEndpoints,
  chinaDateTime,
  nameOf,
  warningEndpoints,
  type AlarmKind,
  type AlarmLevel,
  type AlarmState,
  type Locale,
} from '@cityops/contract';
import { alarmTexts } from './texts';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string | null | undefined) => (iso ? chinaDateTime(iso) : '');

/** The calls of one kind's two lists (alarms or early warnings). */
export const endpointsOf = (kind: AlarmKind) => (kind === 'alarm' ? alarmEndpoints : warningEndpoints);

/** §4's level colours: 重要 red, 一般 orange, 提示 blue. */
export const LEVEL_COLORS: Record<AlarmLevel, string> = { error: 'red', common: 'orange', tips: 'blue' };
const STATE_COLORS: Record<AlarmState, string> = {
  waiting: 'error',
  confirmed: 'warning',
  work_order: 'processing',
  invalid: 'default',
  auto_recover: 'success',
  finish: 'success',
};

export function LevelTag({ level }: { level: AlarmLevel }) {
  const locale = useLocale();
  return <Tag color={LEVEL_COLORS[level]}>{nameOf(ALARM_LEVEL_NAMES, level, locale)}</Tag>;
}

export function StateTag({ state }: { state: AlarmState }) {
  const locale = useLocale();
  return <Tag color={STATE_COLORS[state]}>{nameOf(ALARM_STATE_NAMES, state, locale)}</Tag>;
}

export const typeName = (code: string, locale: Locale): string => {
  const names = (DEVICE_TYPES as Record<string, readonly [string, string] | undefined>)[code];
  return names ? names[locale === 'en-US' ? 1 : 0] : code;
};

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
