import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import {
  deviceTypeName,
  DEVICE_PAGE,
  deviceEndpoints,
  deviceListRequestSchema,
  productNameOf,
  type DeviceRow,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  ProjectFilterItem,
  ProjectScopedItem,
  RowActions,
  SearchBar,
  useListState,
  usePageQuery,
  type CrudColumn,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { PointSelect } from '../points/PointSelect';
import { pointTexts } from '../points/texts';
import { CredentialsDialog } from './CredentialsDialog';
import { DeviceFormDialog } from './DeviceFormDialog';
import { useBatchDeleteDevices, useDeleteDevice } from './queries';
import { listTime, ProductSelect, TypeSelect, useLocale } from './shared';
import { assetTexts } from './texts';

/** A device's connection state: online or offline, with when it last talked. */
export function OnlineState({ device }: { device: Pick<DeviceRow, 'online' | 'lastSeenAt'> }) {
  const t = assetTexts.useTexts();
  const seen = device.lastSeenAt ? t('lastSeen', { time: listTime(device.lastSeenAt) }) : t('neverSeen');
  return (
    <Tooltip title={seen}>
      <Space size={4} orientation="vertical">
        <Tag color={device.online ? 'success' : 'default'}>{device.online ? t('online') : t('offline')}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {seen}
        </Typography.Text>
      </Space>
    </Tooltip>
  );
}

interface Filters {
  projectId?: number;
  productId?: number;
  typeCode?: DeviceRow['typeCode'];
  online?: 'true' | 'false';
  pointId?: number;
  mounted?: 'true' | 'false';
  keyword?: string;
}

/**
 * 设备列表: the devices (search by project, product, type, online state and a name, key
 * or control code) with where they stand and whether they talk; add, edit, delete and batch delete,
 * and the MQTT credentials, each by its button code. A device's name opens 设备管理 on it.
 */
export function DeviceListPage({ onOpenDevice }: { onOpenDevice?(deviceId: number): void }) {
  const t = assetTexts.useTexts();
  const points = pointTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const list = useListState(deviceListRequestSchema);
  const query = usePageQuery(deviceEndpoints.page, list.state);
  const remove = useDeleteDevice();
  const removeMany = useBatchDeleteDevices();
  const [editing, setEditing] = useState<DeviceRow | 'new' | null>(null);
  const [credentialsOf, setCredentialsOf] = useState<DeviceRow | null>(null);
  const can = {
    add: useCan('devList_add'),
    edit: useCan('devList_edit'),
    delete: useCan('devList_delete'),
    credentials: useCan('devList_credentials'),
  };
  const { state } = list;
  const filters: Filters = {
    projectId: state.projectId,
    productId: state.productId,
    typeCode: state.typeCode,
    online: state.online === undefined ? undefined : state.online ? 'true' : 'false',
    pointId: state.pointId,
    mounted: state.mounted === undefined ? undefined : state.mounted ? 'true' : 'false',
    keyword: state.keyword,
  };

  const columns: CrudColumn<DeviceRow>[] = [
    {
      key: 'name',
      title: t('deviceName'),
      sortField: 'name',
      render: (_, row) =>
        onOpenDevice ? <a onClick={() => onOpenDevice(row.deviceId)}>{row.name}</a> : row.name,
    },
    { key: 'deviceKey', title: t('deviceKey'), sortField: 'deviceKey' },
    { key: 'controlCode', title: t('controlCode'), render: (_, row) => row.controlCode ?? t('none') },
    { key: 'productName', title: t('product'), render: (_, row) => productNameOf(row, locale) },
    {
      key: 'typeCode',
      title: t('type'),
      defaultHidden: true,
      render: (_, row) => deviceTypeName(row.typeCode, locale),
    },
    { key: 'projectName', title: t('project') },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('none') },
    { key: 'siteName', title: t('site'), render: (_, row) => row.siteName ?? t('none') },
    { key: 'pointName', title: points('point'), render: (_, row) => row.pointName ?? t('none') },
    { key: 'segment', title: t('segment'), defaultHidden: true },
    {
      key: 'online',
      title: t('state'),
      sortField: 'lastSeenAt',
      render: (_, row) => <OnlineState device={row} />,
    },
    {
      key: 'enabled',
      title: t('enabledState'),
      render: (_, row) => (
        <Tag color={row.enabled ? 'processing' : 'warning'}>
          {row.enabled ? t('enabledYes') : t('enabledNo')}
        </Tag>
      ),
    },
    { key: 'address', title: t('address'), defaultHidden: true },
    { key: 'firmwareVersion', title: t('firmware'), defaultHidden: true },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      defaultHidden: true,
      render: (_, row) => listTime(row.createdAt),
    },
    { key: 'editor', title: t('editor'), defaultHidden: true },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'detail',
              label: t('detail'),
              hidden: !onOpenDevice,
              onClick: () => onOpenDevice?.(row.deviceId),
            },
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            {
              key: 'credentials',
              label: t('credentials'),
              hidden: !can.credentials,
              onClick: () => setCredentialsOf(row),
            },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () => void confirmDelete(row.name, () => remove.mutateAsync(row.deviceId)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<Filters>
        values={filters}
        onSearch={(values) =>
          list.update({
            ...values,
            online: values.online === undefined ? undefined : values.online === 'true',
            mounted: values.mounted === undefined ? undefined : values.mounted === 'true',
          })
        }
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        <Form.Item name="productId" label={t('product')}>
          <ProductSelect allowClear placeholder={t('all')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="typeCode" label={t('type')}>
          <TypeSelect allowClear placeholder={t('all')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="online" label={t('state')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={[
              { value: 'true', label: t('online') },
              { value: 'false', label: t('offline') },
            ]}
          />
        </Form.Item>
        <ProjectScopedItem name="pointId" label={points('point')}>
          {(projectId) => <PointSelect projectId={projectId} placeholder={t('all')} style={{ width: 180 }} />}
        </ProjectScopedItem>
        <Form.Item name="mounted" label={points('mounted')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={[
              { value: 'true', label: points('mountedYes') },
              { value: 'false', label: points('mountedNo') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={DEVICE_PAGE}
        rowKey="deviceId"
        columns={columns}
        query={query}
        list={list}
        batchDelete={can.delete ? (ids) => removeMany.mutateAsync(ids) : undefined}
        toolbar={
          can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('addDevice')}
            </Button>
          )
        }
      />
      {editing !== null && (
        <DeviceFormDialog
          device={editing === 'new' ? null : editing}
          projectId={state.projectId}
          onClose={() => setEditing(null)}
        />
      )}
      {credentialsOf && <CredentialsDialog device={credentialsOf} onClose={() => setCredentialsOf(null)} />}
    </Card>
  );
}
