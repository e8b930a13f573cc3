import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import {
  POINT_KINDS,
  POINT_PAGE,
  pointEndpoints,
  pointListRequestSchema,
  type PointRow,
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
import { AreaSelect, listTime } from '../assets/shared';
import { PointDevicesDrawer } from './PointDevicesDrawer';
import { PointFormDialog } from './PointFormDialog';
import { useBatchDeletePoints, useDeletePoint } from './queries';
import { pointTexts } from './texts';

interface Filters {
  projectId?: number;
  areaId?: number;
  kind?: PointRow['kind'];
  hasDevices?: 'true' | 'false';
  keyword?: string;
}

/**
 * 点位管理: the poles, cabinets, walls and other places devices are mounted on (search by
 * project, area, type, with or without devices and a code, name or address); add, edit, delete and
 * batch delete (their devices are unmounted, never deleted), and the devices on each point with mount
 * and unmount, each by its button code.
 */
export function PointManagementPage() {
  const t = pointTexts.useTexts();
  const crud = crudTexts.useTexts();
  const list = useListState(pointListRequestSchema);
  const query = usePageQuery(pointEndpoints.page, list.state);
  const remove = useDeletePoint();
  const removeMany = useBatchDeletePoints();
  const [editing, setEditing] = useState<PointRow | 'new' | null>(null);
  const [devicesOf, setDevicesOf] = useState<PointRow | null>(null);
  const can = {
    add: useCan('pointManagement_add'),
    edit: useCan('pointManagement_edit'),
    delete: useCan('pointManagement_delete'),
  };
  const { state } = list;
  const filters: Filters = {
    projectId: state.projectId,
    areaId: state.areaId,
    kind: state.kind,
    hasDevices: state.hasDevices === undefined ? undefined : state.hasDevices ? 'true' : 'false',
    keyword: state.keyword,
  };

  const columns: CrudColumn<PointRow>[] = [
    { key: 'code', title: t('code'), sortField: 'code' },
    { key: 'name', title: t('name'), sortField: 'name' },
    { key: 'kind', title: t('kind'), render: (_, row) => t(`kind_${row.kind}`) },
    { key: 'projectName', title: t('project') },
    { key: 'areaName', title: t('area'), render: (_, row) => row.areaName ?? t('none') },
    { key: 'siteName', title: t('site'), render: (_, row) => row.siteName ?? t('none'), defaultHidden: true },
    { key: 'segment', title: t('segment') },
    { key: 'height', title: t('height'), render: (_, row) => row.height ?? '' },
    {
      key: 'deviceCount',
      title: t('deviceCount'),
      render: (_, row) => <a onClick={() => setDevicesOf(row)}>{row.deviceCount}</a>,
    },
    { key: 'address', title: t('address'), defaultHidden: true },
    { key: 'remarks', title: t('remarks'), defaultHidden: true },
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
            { key: 'devices', label: t('devices'), onClick: () => setDevicesOf(row) },
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () =>
                void confirmDelete(`${row.code} ${row.name}`, () => remove.mutateAsync(row.pointId)),
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
            hasDevices: values.hasDevices === undefined ? undefined : values.hasDevices === 'true',
          })
        }
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        <ProjectScopedItem name="areaId" label={t('area')}>
          {(projectId) => <AreaSelect projectId={projectId} placeholder={t('all')} style={{ width: 180 }} />}
        </ProjectScopedItem>
        <Form.Item name="kind" label={t('kind')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={POINT_KINDS.map((kind) => ({ value: kind, label: t(`kind_${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="hasDevices" label={t('hasDevices')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={[
              { value: 'true', label: t('withDevices') },
              { value: 'false', label: t('withoutDevices') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={POINT_PAGE}
        rowKey="pointId"
        columns={columns}
        query={query}
        list={list}
        batchDelete={can.delete ? (ids) => removeMany.mutateAsync(ids) : undefined}
        toolbar={
          can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('addPoint')}
            </Button>
          )
        }
      />
      {editing !== null && (
        <PointFormDialog
          point={editing === 'new' ? null : editing}
          projectId={state.projectId}
          onClose={() => setEditing(null)}
        />
      )}
      {devicesOf && <PointDevicesDrawer point={devicesOf} onClose={() => setDevicesOf(null)} />}
    </Card>
  );
}
