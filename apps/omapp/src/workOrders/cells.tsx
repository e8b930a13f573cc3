import { Tag } from 'antd';
import {
  nameOf,
  ALARM_LEVEL_NAMES,
  chinaDateTime,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATE_NAMES,
  type AlarmLevel,
  type WorkOrderRow,
  type WorkOrderState,
} from '@cityops/contract';
import { useLocale } from './queries';
import { workOrderTexts } from './texts';

export const LEVEL_COLORS: Record<AlarmLevel, string> = { error: 'red', common: 'orange', tips: 'blue' };

const STATE_COLORS: Record<WorkOrderState, string> = {
  to_dispatch: 'gold',
  dispatched: 'orange',
  accepted: 'cyan',
  processing: 'blue',
  on_hold: 'purple',
  reviewing: 'geekblue',
  done: 'success',
  cancelled: 'default',
};

/** How the list and the detail show an order's codes and times. */
export function useOrderCells() {
  const t = workOrderTexts.useTexts();
  const locale = useLocale();
  return {
    time: (iso: string | null) => (iso ? chinaDateTime(iso) : ''),
    source: (row: WorkOrderRow) => nameOf(WORK_ORDER_SOURCES, row.source, locale),
    level: (row: WorkOrderRow) => (
      <Tag color={LEVEL_COLORS[row.level]}>{nameOf(ALARM_LEVEL_NAMES, row.level, locale)}</Tag>
    ),
    state: (row: WorkOrderRow) => (
      <Tag color={STATE_COLORS[row.state]}>{nameOf(WORK_ORDER_STATE_NAMES, row.state, locale)}</Tag>
    ),
    device: (row: WorkOrderRow) => (
      <span>
        {row.deviceName ?? ''}
        {row.deviceRecovered && (
          <Tag color="success" style={{ marginLeft: 4 }}>
            {t('deviceRecovered')}
          </Tag>
        )}
      </span>
    ),
    deadline: (row: WorkOrderRow) => (
      <span>
        {chinaDateTime(row.deadlineAt)}
        {row.overdue && (
          <Tag color="red" style={{ marginLeft: 4 }}>
            {t('overdue')}
          </Tag>
        )}
      </span>
    ),
  };
}
