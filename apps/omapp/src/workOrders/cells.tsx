import { Tag } from 'antd';
import { AlarmLevelTag, CodeTag } from '@cityops/crud';
import {
  nameOf,
  chinaDateTime,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATE_NAMES,
  type WorkOrderRow,
  type WorkOrderState,
} from '@cityops/contract';
import { useLocale } from './queries';
import { workOrderTexts } from './texts';

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
    level: (row: WorkOrderRow) => <AlarmLevelTag level={row.level} />,
    state: (row: WorkOrderRow) => (
      <CodeTag code={row.state} names={WORK_ORDER_STATE_NAMES} colors={STATE_COLORS} />
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
