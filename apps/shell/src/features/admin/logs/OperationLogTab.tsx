import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import {
  logEndpoints,
  logExports,
  operationLogListRequestSchema,
  type OperationLogRow,
} from '@cityops/contract';
import { DataTable, SearchBar, useListState, usePageQuery, type CrudColumn } from '@cityops/crud';
import { currentLocale, zonedTitle } from '@cityops/ui';
import { formatTime, OutcomeTag } from './cells';
import { LogExportButton, selectionOf } from './LogExportButton';
import { actionName, ADMIN_MODULES, moduleName } from './names';
import { OperationDetailDrawer } from './OperationDetailDrawer';
import { CommonSearchFields } from './SearchFields';
import { logTexts, OPERATION_ACTIONS } from './texts';
import { filterOf, rangeOf, type RangeValue } from './timeRange';

interface Search {
  account?: string;
  outcome?: OperationLogRow['outcome'];
  module?: string;
  action?: string;
  targetName?: string;
  range?: RangeValue;
}

/** 操作日志: who did what to which record, when, with what result; the drawer shows the changed fields. */
export function OperationLogTab() {
  const t = logTexts.useTexts();
  const locale = currentLocale();
  const list = useListState(operationLogListRequestSchema);
  const query = usePageQuery(logEndpoints.operationPage, list.state);
  const [shown, setShown] = useState<OperationLogRow | null>(null);
  const { state } = list;

  const columns: CrudColumn<OperationLogRow>[] = [
    {
      key: 'time',
      title: zonedTitle(t('time')),
      sortField: 'time',
      render: (_, row) => formatTime(row.time),
    },
    { key: 'account', title: t('account') },
    { key: 'module', title: t('module'), render: (_, row) => moduleName(row.module, locale) },
    { key: 'action', title: t('action'), render: (_, row) => actionName(t, row.action) },
    { key: 'targetName', title: t('target') },
    { key: 'outcome', title: t('outcome'), render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'ip', title: t('ip') },
    { key: 'changeCount', title: t('changes') },
    { key: 'detail', title: t('detail') },
    {
      key: 'view',
      title: '',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setShown(row)}>
          {t('view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <SearchBar<Search>
        values={{
          account: state.account,
          outcome: state.outcome,
          module: state.module,
          action: state.action,
          targetName: state.targetName,
          range: rangeOf(state.from, state.to),
        }}
        onSearch={({ range, ...filters }) => list.update({ ...filters, ...filterOf(range) })}
        onReset={list.reset}
      >
        <CommonSearchFields />
        <Form.Item name="module" label={t('module')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('all')}
            style={{ width: 160 }}
            options={ADMIN_MODULES.map((code) => ({ value: code, label: moduleName(code, locale) }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t('action')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 140 }}
            options={OPERATION_ACTIONS.map((action) => ({ value: action, label: actionName(t, action) }))}
          />
        </Form.Item>
        <Form.Item name="targetName" label={t('target')}>
          <Input allowClear maxLength={200} style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<OperationLogRow>
        tableKey="logManage_operation"
        rowKey="id"
        columns={columns}
        query={query}
        list={list}
        toolbar={<LogExportButton endpoint={logExports.operations} selection={selectionOf(state)} />}
      />
      <OperationDetailDrawer row={shown} onClose={() => setShown(null)} />
    </>
  );
}
