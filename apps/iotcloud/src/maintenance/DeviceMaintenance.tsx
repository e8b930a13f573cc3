import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MAINTENANCE_BUTTONS, maintenanceEndpoints, type MaintenanceRow } from '@cityops/contract';
import { endpointKey, LoadFailedAlert, useCrud, usePopupPaging } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { listTime } from '../assets/shared';
import { MaintenanceFormDialog } from './MaintenanceFormDialog';
import { useRecordCells } from './MaintenancePage';
import { maintenanceTexts } from './texts';

/**
 * 维护记录 of the device detail (设备管理): the device's maintenance records, newest first, from the
 * same list as 设备维护 (a user without that page sees why), with 新增 for holders of its add button.
 */
export function DeviceMaintenance({ deviceId }: { deviceId: number }) {
  const t = maintenanceTexts.useTexts();
  const { http } = useCrud();
  const canAdd = useCan(MAINTENANCE_BUTTONS.add);
  const paging = usePopupPaging();
  const [adding, setAdding] = useState(false);
  const cells = useRecordCells();
  const body = {
    deviceId,
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
    sortField: 'maintainedAt',
    sortOrder: 'desc',
  } as const;
  // Quiet: a user without 设备维护 sees why in the panel, not in a message box.
  const query = useQuery({
    queryKey: endpointKey(maintenanceEndpoints.page, { body }),
    queryFn: ({ signal }) => http.call(maintenanceEndpoints.page, { body, quiet: true, signal }),
  });
  return (
    <Card
      title={t('records')}
      variant="borderless"
      style={{ marginBottom: 16 }}
      extra={
        canAdd && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        )
      }
    >
      <LoadFailedAlert query={query} />
      <Table<MaintenanceRow>
        size="small"
        rowKey="recordId"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('noRecords') }}
        pagination={paging.pagination(query.data?.total ?? 0)}
        columns={[
          { key: 'maintainedAt', title: t('maintainedAt'), render: (_, row) => listTime(row.maintainedAt) },
          { key: 'kind', title: t('kind'), render: (_, row) => cells.kind(row) },
          { key: 'fault', title: t('fault'), dataIndex: 'fault', ellipsis: true },
          { key: 'content', title: t('content'), dataIndex: 'content', ellipsis: true },
          { key: 'result', title: t('result'), render: (_, row) => cells.result(row) },
          { key: 'maintainer', title: t('maintainer'), dataIndex: 'maintainer' },
          { key: 'cost', title: t('cost'), render: (_, row) => cells.cost(row) },
        ]}
      />
      {adding && <MaintenanceFormDialog record={null} deviceId={deviceId} onClose={() => setAdding(false)} />}
    </Card>
  );
}
