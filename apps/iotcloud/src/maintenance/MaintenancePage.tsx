import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Tag } from 'antd';
import {
  nameOrCode,
  MAINTENANCE_BUTTONS,
  MAINTENANCE_KINDS,
  MAINTENANCE_PAGE,
  MAINTENANCE_RESULTS,
  maintenanceEndpoints,
  maintenanceExport,
  maintenanceListRequestSchema,
  yuanOf,
  type MaintenanceKind,
  type MaintenanceResult,
  type MaintenanceRow,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  momentFilterOf,
  MomentRangeItem,
  momentRangeOf,
  ProjectFilterItem,
  RowActions,
  SearchBar,
  useCrud,
  useListState,
  usePageQuery,
  type CrudColumn,
  type MomentRange,
} from '@cityops/crud';
import { ExportButton, useCan } from '@cityops/ui';
import { listTime, useLocale } from '../assets/shared';
import { choicesOf, MaintenanceFormDialog } from './MaintenanceFormDialog';
import { useDeleteRecord } from './queries';
import { maintenanceTexts } from './texts';

const RESULT_COLORS: Record<MaintenanceResult, string> = {
  fixed: 'success',
  pending: 'warning',
  scrapped: 'default',
};

interface Filters {
  projectId?: number;
  kind?: MaintenanceKind;
  result?: MaintenanceResult;
  range?: MomentRange;
  keyword?: string;
}

/** The record's kind, result and cost as the lists show them. */
export function useRecordCells() {
  const locale = useLocale();
  return {
    kind: (row: MaintenanceRow) => nameOrCode(MAINTENANCE_KINDS, row.kind, locale),
    result: (row: MaintenanceRow) => (
      <Tag color={RESULT_COLORS[row.result]}>{nameOrCode(MAINTENANCE_RESULTS, row.result, locale)}</Tag>
    ),
    cost: (row: MaintenanceRow) => yuanOf(row.costCents),
  };
}

/**
 * 设备维护: the maintenance records of the devices the user sees (search by project,
 * kind, result, time and a device, person or work keyword); add, edit, delete and export by button.
 * A record of a deleted device keeps the device's name, key and control code.
 */
export function MaintenancePage() {
  const t = maintenanceTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const list = useListState(maintenanceListRequestSchema);
  const query = usePageQuery(maintenanceEndpoints.page, list.state);
  const remove = useDeleteRecord();
  const cells = useRecordCells();
  const [editing, setEditing] = useState<MaintenanceRow | 'new' | null>(null);
  const can = {
    add: useCan(MAINTENANCE_BUTTONS.add),
    edit: useCan(MAINTENANCE_BUTTONS.edit),
    delete: useCan(MAINTENANCE_BUTTONS.delete),
    export: useCan(MAINTENANCE_BUTTONS.export),
  };
  const { state } = list;
  const { pageNum: _page, pageSize: _size, ...selection } = state;
  const filters: Filters = {
    projectId: state.projectId,
    kind: state.kind,
    result: state.result,
    range: momentRangeOf(state.from, state.to),
    keyword: state.keyword,
  };

  const columns: CrudColumn<MaintenanceRow>[] = [
    {
      key: 'deviceName',
      title: t('deviceName'),
      render: (_, row) =>
        row.deviceId === null ? (
          <span>
            {row.deviceName} <Tag>{t('deviceDeleted')}</Tag>
          </span>
        ) : (
          row.deviceName
        ),
    },
    { key: 'deviceKey', title: t('deviceKey') },
    {
      key: 'controlCode',
      title: t('controlCode'),
      defaultHidden: true,
      render: (_, row) => row.controlCode ?? '',
    },
    { key: 'projectName', title: t('project') },
    { key: 'kind', title: t('kind'), render: (_, row) => cells.kind(row) },
    { key: 'fault', title: t('fault'), ellipsis: true },
    { key: 'content', title: t('content'), ellipsis: true },
    { key: 'result', title: t('result'), render: (_, row) => cells.result(row) },
    { key: 'maintainer', title: t('maintainer') },
    { key: 'maintainerPhone', title: t('maintainerPhone'), defaultHidden: true },
    {
      key: 'maintainedAt',
      title: t('maintainedAt'),
      sortField: 'maintainedAt',
      render: (_, row) => listTime(row.maintainedAt),
    },
    { key: 'cost', title: t('cost'), render: (_, row) => cells.cost(row) },
    { key: 'editor', title: t('editor'), defaultHidden: true },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () => void confirmDelete(row.deviceName, () => remove.mutateAsync(row.recordId)),
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
        onSearch={({ range, ...values }) => list.update({ ...values, ...momentFilterOf(range) })}
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        <Form.Item name="kind" label={t('kind')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={choicesOf(MAINTENANCE_KINDS, locale)}
          />
        </Form.Item>
        <Form.Item name="result" label={t('result')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={choicesOf(MAINTENANCE_RESULTS, locale)}
          />
        </Form.Item>
        <MomentRangeItem label={t('timeRange')} />
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} placeholder={t('keywordHint')} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={MAINTENANCE_PAGE}
        rowKey="recordId"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          <>
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )}
            {can.export && (
              <ExportButton
                download={(onProgress) => http.download(maintenanceExport, { body: selection, onProgress })}
              />
            )}
          </>
        }
      />
      {editing !== null && (
        <MaintenanceFormDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
