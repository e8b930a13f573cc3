import { Tag } from 'antd';
import type { LogOutcome } from '@cityops/contract';
import { listTime } from '../time';
import { logTexts } from './texts';

/** A log time on the platform's clock (as every page shows times), to the second. */
export const formatTime = (iso: string) => listTime(iso);

export function OutcomeTag({ outcome }: { outcome: LogOutcome }) {
  const t = logTexts.useTexts();
  return <Tag color={outcome === 'success' ? 'success' : 'error'}>{t(`outcome.${outcome}`)}</Tag>;
}
