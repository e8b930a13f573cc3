import { Card } from 'antd';
import { ALARM_PAGES } from '@cityops/contract';
import { DataTable } from '@cityops/crud';
import { BoxSearchBar, useBoxActions, useBoxColumns, useBoxListState } from './boxes';
import { ringingRowClass, useLiveBoxes, useLiveCalls } from './shared';
import { LiveCalls } from './MonitorPage';

/**
 * 报警监控（旧版）: the same boxes as a classic table (server paging, filters, state,
 * place, camera, last call, 接听 / 呼叫 / 绑定摄像机), read again every 2 s while the page is visible.
 */
export function MonitorOldPage() {
  const list = useBoxListState();
  const boxes = useLiveBoxes(list.state);
  const calls = useLiveCalls();
  const { actions, dialog } = useBoxActions();
  const columns = useBoxColumns(actions, true);
  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <BoxSearchBar list={list} />
      <div style={{ height: 12 }} />
      <LiveCalls calls={calls.data ?? []} readAt={calls.dataUpdatedAt} />
      <DataTable
        tableKey={ALARM_PAGES.monitorOld}
        rowKey="id"
        columns={columns}
        query={boxes}
        list={list}
        tableProps={{ rowClassName: ringingRowClass }}
      />
      {dialog}
    </Card>
  );
}
