import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { LogOutcome } from '@cityops/contract';
import { logTexts } from './texts';

/** A log time in the browser's time zone, to the second. */
export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

export function OutcomeTag({ outcome }: { outcome: LogOutcome }) {
  const t = logTexts.useTexts();
  return <Tag color={outcome === 'success' ? 'success' : 'error'}>{t(`outcome.${outcome}`)}</Tag>;
}
