import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, Row, Select, Space, Tag } from 'antd';
import {
  DEFAULT_PAGE_SIZE,
  DICTIONARY_BUTTONS,
  dicTypeListRequestSchema,
  type DicItemListRequest,
  type DicItemRow,
  type DicTypeRow,
} from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  SearchBar,
  useListState,
  type CrudColumn,
  type PagedList,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { ItemDialog, TypeDialog, type ItemTarget, type TypeTarget } from '../components/DictionaryDialogs';
import {
  useDeleteItem,
  useDeleteItems,
  useDeleteType,
  useItemPage,
  useRefreshDictionaries,
  useTypePage,
} from '../queries';
import { dictionaryTexts } from '../texts';

type ItemFilters = { itemName?: string; enabled?: boolean };
type ItemState = Omit<DicItemListRequest, 'dicCode'> & {
  pageNum: number;
  pageSize: number;
  sortField?: 'sort' | 'itemCode' | 'itemName';
};

/** The items of the chosen type: paging and filters in the page's memory (the address holds the types'). */
function useItemList(dicCode: string | null) {
  const [state, setState] = useState<ItemState>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list: PagedList = {
    state,
    update: (change) => setState((previous) => ({ ...previous, ...(change as Partial<ItemState>) })),
  };
  const query = useItemPage(dicCode ? { ...state, dicCode } : null);
  const filter = (filters: ItemFilters) => setState((previous) => ({ ...previous, ...filters, pageNum: 1 }));
  const reset = () => setState((previous) => ({ pageNum: 1, pageSize: previous.pageSize }));
  return { state, list, query, filter, reset };
}

/** 数据字典: the dictionary types, and beside them the items of the chosen one. */
export function DictionaryPage() {
  const t = dictionaryTexts.useTexts();
  const kit = crudTexts.useTexts();
  const types = useListState(dicTypeListRequestSchema);
  const typeQuery = useTypePage(types.state);
  const [selected, setSelected] = useState<DicTypeRow | null>(null);
  const items = useItemList(selected?.code ?? null);
  const [typeTarget, setTypeTarget] = useState<TypeTarget | null>(null);
  const [itemTarget, setItemTarget] = useState<ItemTarget | null>(null);
  const deleteType = useDeleteType();
  const deleteItem = useDeleteItem();
  const deleteItems = useDeleteItems();
  const refresh = useRefreshDictionaries();
  const canAdd = useCan(DICTIONARY_BUTTONS.add);
  const canEdit = useCan(DICTIONARY_BUTTONS.edit);
  const canDelete = useCan(DICTIONARY_BUTTONS.delete);

  const typeColumns: CrudColumn<DicTypeRow>[] = [
    { key: 'code', title: t('code'), sortField: 'code' },
    { key: 'name', title: t('name'), sortField: 'name' },
    { key: 'itemCount', title: t('itemCount') },
    { key: 'sortNum', title: t('sortNum'), sortField: 'sortNum' },
    {
      key: 'actions',
      title: kit('actions'),
      render: (_, row) => (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setTypeTarget({ kind: 'edit', type: row })}>
              {kit('edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void confirmDelete(row.name, async () => {
                  await deleteType.mutateAsync(row.code);
                  if (selected?.code === row.code) setSelected(null);
                  await refresh();
                })
              }
            >
              {kit('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const itemColumns: CrudColumn<DicItemRow>[] = [
    { key: 'itemCode', title: t('itemCode'), sortField: 'itemCode' },
    { key: 'itemName', title: t('itemName'), sortField: 'itemName' },
    { key: 'sort', title: t('sort'), sortField: 'sort' },
    {
      key: 'enabled',
      title: t('enabled'),
      render: (_, row) => (row.enabled ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
    },
    {
      key: 'actions',
      title: kit('actions'),
      render: (_, row) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setItemTarget({ kind: 'edit', item: row })}>
              {kit('edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void confirmDelete(row.itemName, async () => {
                  await deleteItem.mutateAsync(row.itemId);
                  await refresh();
                })
              }
            >
              {kit('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={11}>
        <Card title={t('types')}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <SearchBar<{ code?: string; name?: string }>
              values={{ code: types.state.code, name: types.state.name }}
              onSearch={(values) => types.update(values)}
              onReset={types.reset}
            >
              <Form.Item name="code" label={t('code')}>
                <Input allowClear maxLength={64} />
              </Form.Item>
              <Form.Item name="name" label={t('name')}>
                <Input allowClear maxLength={100} />
              </Form.Item>
            </SearchBar>
            <DataTable<DicTypeRow>
              tableKey="dictionaryTypes"
              rowKey="code"
              columns={typeColumns}
              query={typeQuery}
              list={types}
              toolbar={
                canAdd && (
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setTypeTarget({ kind: 'add' })}
                  >
                    {t('addType')}
                  </Button>
                )
              }
              tableProps={{
                onRow: (row) => ({ onClick: () => setSelected(row), style: { cursor: 'pointer' } }),
                rowClassName: (row) => (row.code === selected?.code ? 'ant-table-row-selected' : ''),
              }}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card title={selected ? t('itemsOf', { name: selected.name }) : t('items')}>
          {selected ? (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <SearchBar<ItemFilters>
                values={{ itemName: items.state.itemName, enabled: items.state.enabled }}
                onSearch={items.filter}
                onReset={items.reset}
              >
                <Form.Item name="itemName" label={t('itemName')}>
                  <Input allowClear maxLength={100} />
                </Form.Item>
                <Form.Item name="enabled" label={t('enabled')}>
                  <Select
                    allowClear
                    placeholder={t('all')}
                    style={{ width: 120 }}
                    options={[
                      { value: true, label: t('on') },
                      { value: false, label: t('off') },
                    ]}
                  />
                </Form.Item>
              </SearchBar>
              <DataTable
                tableKey="dictionaryItems"
                rowKey="itemId"
                columns={itemColumns}
                query={items.query}
                list={items.list}
                batchDelete={canDelete ? (itemIds) => deleteItems.mutateAsync(itemIds) : undefined}
                toolbar={
                  canAdd && (
                    <Button
                      type="primary"
                      icon={<PlusOutlined />}
                      onClick={() => setItemTarget({ kind: 'add', dicCode: selected.code })}
                    >
                      {t('addItem')}
                    </Button>
                  )
                }
              />
            </Space>
          ) : (
            <Empty description={t('pickType')} />
          )}
        </Card>
      </Col>
      {typeTarget && <TypeDialog target={typeTarget} onClose={() => setTypeTarget(null)} />}
      {itemTarget && <ItemDialog target={itemTarget} onClose={() => setItemTarget(null)} />}
    </Row>
  );
}
