import { Tag } from 'antd';
import {
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  nameOf,
  type AlarmLevel,
  type AlarmState,
  type Names,
} from '@cityops/contract';
import { useLocale } from '@cityops/ui';

export interface CodeTagProps<Code extends string> {
  code: Code;
  names: { readonly [K in Code]: Names };
  colors: { readonly [K in Code]: string };
  className?: string;
}

/** A code shown as a coloured tag bearing its name in the language in use. */
export function CodeTag<Code extends string>({ code, names, colors, className }: CodeTagProps<Code>) {
  const locale = useLocale();
  return (
    <Tag color={colors[code]} className={className}>
      {nameOf(names, code, locale)}
    </Tag>
  );
}

/** §4's level colours: 重要 red, 一般 orange, 提示 blue. */
const ALARM_LEVEL_COLORS: Record<AlarmLevel, string> = { error: 'red', common: 'orange', tips: 'blue' };

const ALARM_STATE_COLORS: Record<AlarmState, string> = {
  waiting: 'error',
  confirmed: 'warning',
  work_order: 'processing',
  invalid: 'default',
  auto_recover: 'success',
  finish: 'success',
};

/** An alarm's (or a work order's) level, as every list and detail shows it. */
export const AlarmLevelTag = ({ level }: { level: AlarmLevel }) => (
  <CodeTag code={level} names={ALARM_LEVEL_NAMES} colors={ALARM_LEVEL_COLORS} />
);

/** An alarm's state, as the alarm lists and the detail show it. */
export const AlarmStateTag = ({ state }: { state: AlarmState }) => (
  <CodeTag code={state} names={ALARM_STATE_NAMES} colors={ALARM_STATE_COLORS} />
);
