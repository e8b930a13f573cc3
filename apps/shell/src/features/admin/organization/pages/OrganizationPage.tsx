import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ORG_TYPE_DICTIONARY, ORGANIZATION_BUTTONS, type OrgNode } from '@cityops/contract';
import { confirmDelete, crudTexts, DictionaryLabel, LoadFailedAlert, SearchBar } from '@cityops/crud';
import { OrgFormDialog, type OrgDialogTarget } from '../components/OrgFormDialog';
import { useCan } from '@cityops/ui';
import { useDeleteOrg, useOrgTree } from '../queries';
import { organizationTexts } from '../texts';

/** A tree answer with empty child lists dropped, so leaves show no expand button. */
type Shown = Omit<OrgNode, 'children'> & { children?: Shown[] };
const shown = (nodes: readonly OrgNode[]): Shown[] =>
  nodes.map(({ children, ...node }) => (children.length > 0 ? { ...node, children: shown(children) } : node));

/** 组织架构: the organization tree with add (top level or child), edit and delete. */
export function OrganizationPage() {
  const t = organizationTexts.useTexts();
  const kit = crudTexts.useTexts();
  const [name, setName] = useState('');
  const [target, setTarget] = useState<OrgDialogTarget | null>(null);
  const tree = useOrgTree(name);
  // Parent choices come from the whole tree, whatever the search shows.
  const whole = useOrgTree('');
  const remove = useDeleteOrg();
  const canAdd = useCan(ORGANIZATION_BUTTONS.add);
  const canEdit = useCan(ORGANIZATION_BUTTONS.edit);
  const canDelete = useCan(ORGANIZATION_BUTTONS.delete);
  const nodes = tree.data ?? [];

  const columns: ColumnsType<Shown> = [
    { key: 'name', dataIndex: 'name', title: t('name') },
    {
      key: 'orgType',
      title: t('type'),
      render: (_, row) => <DictionaryLabel dicCode={ORG_TYPE_DICTIONARY} value={row.orgType} />,
    },
    { key: 'responsible', dataIndex: 'responsible', title: t('responsible') },
    { key: 'phone', dataIndex: 'phone', title: t('phone') },
    { key: 'peopleCount', dataIndex: 'peopleCount', title: t('peopleCount') },
    { key: 'departmentCount', dataIndex: 'departmentCount', title: t('departmentCount') },
    { key: 'userCount', dataIndex: 'userCount', title: t('userCount') },
    {
      key: 'period',
      title: t('period'),
      render: (_, row) =>
        row.projectStart || row.projectEnd ? `${row.projectStart ?? ''} ~ ${row.projectEnd ?? ''}` : '',
    },
    {
      key: 'coordinates',
      title: t('coordinates'),
      render: (_, row) => (row.longitude === null ? '' : `${row.longitude}, ${row.latitude}`),
    },
    { key: 'sortNum', dataIndex: 'sortNum', title: t('sortNum') },
    {
      key: 'actions',
      title: kit('actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canAdd && (
            <Button type="link" size="small" onClick={() => setTarget({ kind: 'add', parentId: row.orgId })}>
              {t('addChild')}
            </Button>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => setTarget({ kind: 'edit', org: { ...row, children: [] } })}
            >
              {kit('edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => void confirmDelete(row.name, () => remove.mutateAsync(row.orgId))}
            >
              {kit('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('title')}>
      <Flex vertical gap={12}>
        <SearchBar<{ name?: string }>
          values={{ name }}
          onSearch={(values) => setName(values.name?.trim() ?? '')}
          onReset={() => setName('')}
        >
          <Form.Item name="name" label={t('name')}>
            <Input allowClear placeholder={t('searchName')} maxLength={100} />
          </Form.Item>
        </SearchBar>
        {canAdd && (
          <div>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTarget({ kind: 'add', parentId: null })}
            >
              {t('add')}
            </Button>
          </div>
        )}
        <LoadFailedAlert query={tree} />
        <Table<Shown>
          size="middle"
          rowKey="orgId"
          columns={columns}
          dataSource={shown(nodes)}
          loading={tree.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ defaultExpandAllRows: true }}
          // Expand all again when the answer (a search) changes.
          key={JSON.stringify(nodes.map((node) => node.orgId))}
          locale={{ emptyText: t('empty') }}
        />
      </Flex>
      <OrgFormDialog
        key={target ? JSON.stringify(target) : 'closed'}
        target={target}
        tree={whole.data ?? []}
        onClose={() => setTarget(null)}
      />
    </Card>
  );
}
