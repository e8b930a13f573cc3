import { useState, type ReactNode } from 'react';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnType, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZES, type Page } from '@cityops/contract';
import { ColumnSettingsButton } from './ColumnSettingsButton.js';
import { LoadFailedAlert } from './LoadFailedAlert.js';
import { applySettings, type ColumnDeclaration } from './columnSettings.js';
import { confirmAction } from './confirmAction.js';
import { crudTexts } from './texts.js';
import { useTableSettings } from './useTableSettings.js';

/** A column of a list page: antd's column, with a key, an optional server sort field and visibility. */
export type CrudColumn<Row> = ColumnType<Row> &
  ColumnDeclaration & {
    title: string;
    /** The request's `sortField` this column sorts by; without it the column does not sort. */
    sortField?: string;
  };

/** A button that acts on the chosen rows (批量删除 is built in: `batchDelete`). */
export interface BatchAction<Row, Key extends keyof Row & string> {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Acts on the chosen rows; once it resolves the choice clears, and a rejection keeps it. */
  run(keys: Row[Key][], rows: Row[]): Promise<unknown>;
}

/** The paging part of a list's state and how to change it (from `useListState`). */
export interface PagedList {
  state: { pageNum: number; pageSize: number; sortField?: string; sortOrder?: 'asc' | 'desc' };
  /** Typed loosely on purpose: each list's own schema checks the sort field when it reads the URL. */
  update(change: Partial<Record<'pageNum' | 'pageSize' | 'sortField' | 'sortOrder', unknown>>): void;
}

export interface DataTableProps<Row, Key extends keyof Row & string = keyof Row & string> {
  /** Names the list for the user's saved column settings, e.g. `userManage`. */
  tableKey: string;
  rowKey: Key;
  columns: CrudColumn<Row>[];
  query: UseQueryResult<Page<Row>>;
  list: PagedList;
  /** Buttons left of the table's own tools (add, batch delete, export). */
  toolbar?: ReactNode;
  title?: ReactNode;
  /**
   * Deletes the chosen rows, all or none (the server's rule). Given, the rows get check boxes and the
   * toolbar 批量删除, which asks first and clears the choice once done; leave it out for a user
   * without the delete button.
   */
  batchDelete?: (keys: Row[Key][]) => Promise<unknown>;
  /**
   * Other actions on the chosen rows (标记已读, ...), beside 批量删除; given any, the rows get check
   * boxes. Leave out those the user holds no button code for.
   */
  batchActions?: BatchAction<Row, Key>[];
  /**
   * Extra antd props (expandable rows, size, and a page's own row selection when it has no batch
   * actions: a choice with rules of its own, such as at most ten devices to control).
   */
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'rowKey' | 'onChange'>;
}

/** The width of antd's check-box column. */
const SELECTION_WIDTH = 32;

/**
 * How wide the table scrolls: the sum of the columns' widths when each declares one (a stable layout
 * whatever the rows hold), else as wide as the content, and never narrower than the card; wider than
 * the card, it scrolls sideways with the fixed columns in view.
 */
export function scrollWidth(
  columns: readonly Pick<ColumnType<object>, 'width'>[],
  selectable: boolean,
): number | 'max-content' {
  const widths = columns.map((column) => column.width);
  if (!widths.every((width): width is number => typeof width === 'number')) return 'max-content';
  return widths.reduce((sum, width) => sum + width, selectable ? SELECTION_WIDTH : 0);
}

const toAntOrder = (order: 'asc' | 'desc' | undefined) =>
  order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null;

/**
 * The list table every list page uses: server paging and sorting kept in the URL state, the user's
 * column settings, a refresh and a clear error with a retry instead of an empty table.
 */
export function DataTable<Row extends object, Key extends keyof Row & string = keyof Row & string>({
  tableKey,
  rowKey,
  columns,
  query,
  list,
  toolbar,
  title,
  batchDelete,
  batchActions = [],
  tableProps,
}: DataTableProps<Row, Key>) {
  const t = crudTexts.useTexts();
  const { settings, save, reset, saving } = useTableSettings(tableKey, columns);
  const { state } = list;
  // The choice belongs to the list as shown: another page, filter or sort starts with none.
  const shownAs = JSON.stringify(state);
  // antd's keys show the check marks; the rows give the typed keys the server is sent.
  const none = { keys: [], rows: [] };
  const [chosen, setChosen] = useState<{ shownAs: string; keys: React.Key[]; rows: Row[] }>({
    shownAs,
    ...none,
  });
  const { keys: selected, rows: selectedRows } = chosen.shownAs === shownAs ? chosen : none;
  const deleteSelected = (remove: (keys: Row[Key][]) => Promise<unknown>) =>
    void confirmAction({
      content: t('confirmBatchDelete', { count: selected.length }),
      action: () => remove(selectedRows.map((row) => row[rowKey])),
      successText: t('deleted'),
    }).then((done) => {
      if (done) setChosen({ shownAs, ...none });
    });
  const runBatch = (action: BatchAction<Row, Key>) =>
    void action
      .run(
        selectedRows.map((row) => row[rowKey]),
        selectedRows,
      )
      .then(
        () => setChosen({ shownAs, ...none }),
        () => undefined,
      );
  const selectable = batchDelete !== undefined || batchActions.length > 0;
  const shown = applySettings(columns, settings).map((column): ColumnType<Row> => ({
    ...column,
    // The kit's fixed columns (the actions) come last and stay in view at the right edge while the
    // rest scrolls; antd's `fixed: true` would pin them left of where they are, out of sight.
    fixed: column.fixed ? 'right' : undefined,
    dataIndex: column.dataIndex ?? column.key,
    sorter: column.sortField !== undefined,
    sortOrder: column.sortField && column.sortField === state.sortField ? toAntOrder(state.sortOrder) : null,
  }));
  const titles = Object.fromEntries(columns.map((column) => [column.key, column.title]));

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const column = columns.find((candidate) => candidate.key === sort?.columnKey);
    const sortField = sort?.order && column?.sortField ? column.sortField : undefined;
    const sortOrder = sortField ? (sort?.order === 'ascend' ? 'asc' : 'desc') : undefined;
    const pageSize = pagination.pageSize ?? state.pageSize;
    const sorted = sortField !== state.sortField || sortOrder !== state.sortOrder;
    list.update({
      pageNum: sorted || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
      pageSize,
      sortField,
      sortOrder,
    });
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {title && <Typography.Text strong>{title}</Typography.Text>}
          {toolbar}
          {batchActions.map((action) => (
            <Button
              key={action.key}
              icon={action.icon}
              disabled={selected.length === 0}
              onClick={() => runBatch(action)}
            >
              {action.label}
            </Button>
          ))}
          {batchDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={() => deleteSelected(batchDelete)}
            >
              {t('batchDelete')}
            </Button>
          )}
        </Space>
        <Space>
          {selected.length > 0 && (
            <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>
          )}
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('refresh')}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            />
          </Tooltip>
          <ColumnSettingsButton
            settings={settings}
            titles={titles}
            save={save}
            reset={reset}
            saving={saving}
          />
        </Space>
      </Flex>
      <LoadFailedAlert query={query} />
      <Table<Row>
        size="middle"
        {...tableProps}
        rowKey={rowKey}
        columns={shown}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: scrollWidth(shown, selectable || tableProps?.rowSelection !== undefined) }}
        onChange={onChange}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                onChange: (keys, rows) => setChosen({ shownAs, keys, rows }),
              }
            : tableProps?.rowSelection
        }
        pagination={{
          current: state.pageNum,
          pageSize: state.pageSize,
          total: query.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('total', { total }),
        }}
      />
    </Flex>
  );
}
