import { useState } from 'react';
import { GlobalOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AUTHORITY_BUTTONS, type PermissionNode } from '@cityops/contract';
import { confirmDelete, crudTexts, LoadFailedAlert, RowActions } from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { PublicResourcesDialog } from '../components/PublicResourcesDialog';
import { ResourceFormDialog, type ResourceDialogTarget } from '../components/ResourceFormDialog';
import { useDeleteResource, useResourceTree } from '../queries';
import { authorityTexts } from '../texts';

/** Rows of the tree table: a leaf has no `children`, so it shows no expand button. */
type Row = Omit<PermissionNode, 'children'> & { children?: Row[] };
const toRows = (nodes: readonly PermissionNode[]): Row[] =>
  nodes.map(({ children, ...node }) =>
    children.length > 0 ? { ...node, children: toRows(children) } : node,
  );

/** 权限管理: the permission tree as a tree table, its form, delete, and the public resources. */
export function AuthorityPage() {
  const t = authorityTexts.useTexts();
  const crud = crudTexts.useTexts();
  const [filter, setFilter] = useState<{ name?: string; code?: string }>({});
  const tree = useResourceTree(filter);
  const remove = useDeleteResource();
  const [dialog, setDialog] = useState<ResourceDialogTarget | null>(null);
  const [publicOpen, setPublicOpen] = useState(false);
  const can = {
    add: useCan(AUTHORITY_BUTTONS.add),
    edit: useCan(AUTHORITY_BUTTONS.edit),
    delete: useCan(AUTHORITY_BUTTONS.delete),
  };
  const nodes = tree.data ?? [];
  const filtered = Boolean(filter.name || filter.code);

  const columns: ColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: t('name') },
    { key: 'code', dataIndex: 'code', title: t('code') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('type'),
      render: (type: number) => t(`type.${type}` as 'type.0'),
    },
    { key: 'url', dataIndex: 'url', title: t('url') },
    { key: 'sortNum', dataIndex: 'sortNum', title: t('sortNum') },
    { key: 'icon', dataIndex: 'icon', title: t('icon') },
    {
      key: 'isPublic',
      dataIndex: 'isPublic',
      title: t('isPublic'),
      render: (isPublic: boolean) => (isPublic ? <Tag color="green">{t('yes')}</Tag> : null),
    },
    {
      key: 'actions',
      title: crud('actions'),
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'addChild',
              label: t('addChild'),
              hidden: !can.add,
              onClick: () => setDialog({ kind: 'add', parentId: row.id }),
            },
            {
              key: 'edit',
              label: crud('edit'),
              hidden: !can.edit,
              onClick: () => setDialog({ kind: 'edit', row }),
            },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () => void confirmDelete(row.name, () => remove.mutateAsync(row.id)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <Form
          name="authoritySearch"
          layout="inline"
          role="search"
          onFinish={(values: { name?: string; code?: string }) =>
            setFilter({ name: values.name?.trim() || undefined, code: values.code?.trim() || undefined })
          }
          onReset={() => setFilter({})}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="name" label={t('name')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="code" label={t('code')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {crud('search')}
              </Button>
              <Button htmlType="reset">{crud('reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>
            {can.add && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'add', parentId: 0 })}
              >
                {t('add')}
              </Button>
            )}
            {can.edit && (
              <Button
                icon={<GlobalOutlined />}
                disabled={filtered || !tree.data}
                onClick={() => setPublicOpen(true)}
              >
                {t('publicResources')}
              </Button>
            )}
          </Space>
          <Tooltip title={crud('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={crud('refresh')}
              loading={tree.isFetching}
              onClick={() => void tree.refetch()}
            />
          </Tooltip>
        </Flex>
        <LoadFailedAlert query={tree} />
        <Table<Row>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={toRows(nodes)}
          loading={tree.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          // A search shows its matches opened; the whole tree starts with the systems closed.
          expandable={filtered ? { defaultExpandAllRows: true } : {}}
          key={filtered ? JSON.stringify(filter) : 'all'}
        />
      </Flex>
      {dialog && <ResourceFormDialog target={dialog} tree={nodes} onClose={() => setDialog(null)} />}
      {publicOpen && <PublicResourcesDialog tree={nodes} onClose={() => setPublicOpen(false)} />}
    </Card>
  );
}
