import { useState } from 'react';
import { Badge, Button, Card, Form, Input, Tabs } from 'antd';
import {
  nameOptions,
  nameOrCode,
  ALARM_LEVEL_NAMES,
  ALARM_LEVELS,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_PAGE,
  WORK_ORDER_SOURCE_CODES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATE_NAMES,
  WORK_ORDER_TABS,
  workOrderEndpoints,
  workOrderExport,
  workOrderListRequestSchema,
  type AlarmLevel,
  type WorkOrderRow,
  type WorkOrderSource,
  type WorkOrderTab,
} from '@cityops/contract';
import {
  ChoiceFilterItem,
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
  useOpenedRecord,
  usePageQuery,
  type CrudColumn,
  type MomentRange,
} from '@cityops/crud';
import { ExportButton, useCan } from '@cityops/ui';
import { useOrderCells } from './cells';
import { CreateOrderDialog } from './CreateOrderDialog';
import { OrderDrawer } from './OrderDrawer';
import { useLocale } from './queries';
import { workOrderTexts } from './texts';

interface Filters {
  projectId?: number;
  source?: WorkOrderSource;
  level?: AlarmLevel;
  range?: MomentRange;
  keyword?: string;
}

/**
 * 工单管理 (omWorkOrder): the orders of the projects the user sees, in tabs (全部, 我的工单,
 * 已超期, then each state) with their counts; search by project, source, level, time and keyword; a new
 * order and export by button; the detail drawer with the timeline and the steps the user may take.
 */
export function WorkOrderPage() {
  const t = workOrderTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const list = useListState(workOrderListRequestSchema);
  const query = usePageQuery(workOrderEndpoints.page, list.state);
  const { state } = list;
  const {
    pageNum: _page,
    pageSize: _size,
    sortField: _field,
    sortOrder: _order,
    tab: _tab,
    ...filterOnly
  } = state;
  // The badges count every tab for the same filters: one request, whichever tab or page is open.
  const counts = usePageQuery(workOrderEndpoints.counts, filterOnly);
  const { pageNum: _p, pageSize: _s, ...selection } = state;
  const cells = useOrderCells();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  // A message's link to one order opens its detail.
  useOpenedRecord(setOpen);
  const can = { add: useCan(WORK_ORDER_BUTTONS.add), export: useCan(WORK_ORDER_BUTTONS.export) };
  const filters: Filters = {
    projectId: state.projectId,
    source: state.source,
    level: state.level,
    range: momentRangeOf(state.from, state.to),
    keyword: state.keyword,
  };

  const tabName = (tab: WorkOrderTab) =>
    tab === 'all' || tab === 'mine' || tab === 'overdue'
      ? t(tab)
      : nameOrCode(WORK_ORDER_STATE_NAMES, tab, locale);

  const columns: CrudColumn<WorkOrderRow>[] = [
    {
      key: 'orderNo',
      title: t('orderNo'),
      render: (_, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(row.orderId)}>
          {row.orderNo}
        </Button>
      ),
    },
    { key: 'title', title: t('title'), ellipsis: true },
    { key: 'source', title: t('source'), render: (_, row) => cells.source(row) },
    { key: 'level', title: t('level'), render: (_, row) => cells.level(row) },
    { key: 'state', title: t('state'), render: (_, row) => cells.state(row) },
    { key: 'projectName', title: t('project') },
    { key: 'deviceName', title: t('device'), render: (_, row) => cells.device(row) },
    { key: 'assigneeName', title: t('assignee'), render: (_, row) => row.assigneeName ?? '' },
    {
      key: 'deadlineAt',
      title: t('deadline'),
      sortField: 'deadlineAt',
      render: (_, row) => cells.deadline(row),
    },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      render: (_, row) => cells.time(row.createdAt),
    },
    {
      key: 'updatedAt',
      title: t('updatedAt'),
      sortField: 'updatedAt',
      defaultHidden: true,
      render: (_, row) => cells.time(row.updatedAt),
    },
    { key: 'creatorName', title: t('creator'), defaultHidden: true },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions actions={[{ key: 'view', label: t('view'), onClick: () => setOpen(row.orderId) }]} />
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
        <ChoiceFilterItem
          name="source"
          label={t('source')}
          allLabel={t('all')}
          width={130}
          options={nameOptions(WORK_ORDER_SOURCES, WORK_ORDER_SOURCE_CODES, locale)}
        />
        <ChoiceFilterItem
          name="level"
          label={t('level')}
          allLabel={t('all')}
          width={110}
          options={nameOptions(ALARM_LEVEL_NAMES, ALARM_LEVELS, locale)}
        />
        <MomentRangeItem label={t('timeRange')} />
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} placeholder={t('keywordHint')} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => list.update({ tab: tab as WorkOrderTab })}
        items={WORK_ORDER_TABS.map((tab) => ({
          key: tab,
          label: (
            <span>
              {tabName(tab)}{' '}
              <Badge
                count={counts.data?.[tab] ?? 0}
                showZero
                overflowCount={9999}
                color={tab === 'overdue' ? 'red' : 'blue'}
                data-testid={`count-${tab}`}
              />
            </span>
          ),
        }))}
      />
      <DataTable
        tableKey={WORK_ORDER_PAGE}
        rowKey="orderId"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          <>
            {can.add && (
              <Button type="primary" onClick={() => setCreating(true)}>
                {t('add')}
              </Button>
            )}
            {can.export && (
              <ExportButton
                download={(onProgress) => http.download(workOrderExport, { body: selection, onProgress })}
              />
            )}
          </>
        }
      />
      {creating && <CreateOrderDialog onClose={() => setCreating(false)} />}
      {open !== null && <OrderDrawer orderId={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
