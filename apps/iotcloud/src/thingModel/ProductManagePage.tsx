import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import {
  deviceTypeName,
  givenName,
  PRODUCT_PAGE,
  productEndpoints,
  productListRequestSchema,
  type ProductRow,
} from '@cityops/contract';
import { crudTexts, DataTable, SearchBar, useListState, usePageQuery, type CrudColumn } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { EditDeleteActions, listTime, TypeSelect, useLocale } from '../assets/shared';
import { assetTexts } from '../assets/texts';
import { ProductFormDialog } from './ProductFormDialog';
import { useDeleteProduct } from './queries';

/**
 * 产品管理: the products (search by device type and keyword) with their device and
 * function counts; add, edit and delete by the page's button codes.
 */
export function ProductManagePage() {
  const t = assetTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const list = useListState(productListRequestSchema);
  const query = usePageQuery(productEndpoints.page, list.state);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const can = {
    add: useCan('productManage_add'),
    edit: useCan('productManage_edit'),
    delete: useCan('productManage_delete'),
  };

  const columns: CrudColumn<ProductRow>[] = [
    { key: 'name', title: t('productName'), sortField: 'name', render: (_, row) => givenName(row, locale) },
    { key: 'productKey', title: t('productKey'), sortField: 'productKey' },
    { key: 'typeCode', title: t('type'), render: (_, row) => deviceTypeName(row.typeCode, locale) },
    { key: 'vendor', title: t('vendor') },
    { key: 'model', title: t('model') },
    { key: 'offlineAfterSeconds', title: t('offlineAfterSeconds'), defaultHidden: true },
    { key: 'deviceCount', title: t('deviceCount') },
    { key: 'functionCount', title: t('functionCount') },
    { key: 'description', title: t('description'), defaultHidden: true },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      defaultHidden: true,
      render: (_, row) => listTime(row.createdAt),
    },
    { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => listTime(row.updatedAt) },
    { key: 'editor', title: t('editor'), defaultHidden: true },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <EditDeleteActions
          name={row.name}
          canEdit={can.edit}
          canDelete={can.delete}
          onEdit={() => setEditing(row)}
          onDelete={() => remove.mutateAsync(row.productId)}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar
        values={{ typeCode: list.state.typeCode, keyword: list.state.keyword }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="typeCode" label={t('type')}>
          <TypeSelect allowClear placeholder={t('all')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={30} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={PRODUCT_PAGE}
        rowKey="productId"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('addProduct')}
            </Button>
          )
        }
      />
      {editing !== null && (
        <ProductFormDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
