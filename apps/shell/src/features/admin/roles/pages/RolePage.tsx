import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Space, Tag } from 'antd';
import { ROLE_BUTTONS, roleListRequestSchema, type RoleRow } from '@cityops/contract';
import {
  confirmDelete,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { listTime } from '../../time';
import { PermissionDialog } from '../components/PermissionDialog';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { useDeleteRole, useRolePage } from '../queries';
import { roleTexts } from '../texts';

/** 角色管理: roles with their user counts, the role form, delete, and permission assignment. */
export function RolePage() {
  const t = roleTexts.useTexts();
  const crud = crudTexts.useTexts();
  const list = useListState(roleListRequestSchema);
  const query = useRolePage(list.state);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [assigning, setAssigning] = useState<RoleRow | null>(null);
  const can = {
    add: useCan(ROLE_BUTTONS.add),
    edit: useCan(ROLE_BUTTONS.edit),
    delete: useCan(ROLE_BUTTONS.delete),
    assign: useCan(ROLE_BUTTONS.assignPermission),
  };

  const columns: CrudColumn<RoleRow>[] = [
    {
      key: 'name',
      title: t('name'),
      sortField: 'name',
      render: (_, row) => (
        <Space>
          {row.name}
          {row.builtIn && <Tag color="gold">{t('builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'description', title: t('description') },
    { key: 'userCount', title: t('userCount'), width: 90 },
    {
      key: 'createTime',
      title: t('createTime'),
      sortField: 'createTime',
      render: (value: string) => listTime(value),
    },
    {
      key: 'updateTime',
      title: t('updateTime'),
      sortField: 'updateTime',
      render: (value: string) => listTime(value),
    },
    { key: 'editor', title: t('editor') },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: crud('edit'), hidden: !can.edit, onClick: () => setEditing(row) },
            { key: 'assign', label: t('assign'), hidden: !can.assign, onClick: () => setAssigning(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete || row.builtIn,
              onClick: () => void confirmDelete(row.name, () => remove.mutateAsync(row.roleId)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <SearchBar
          values={{ name: list.state.name }}
          onSearch={(values) => list.update({ name: values.name })}
          onReset={list.reset}
        >
          <Form.Item name="name" label={t('name')}>
            <Input allowClear maxLength={50} placeholder={t('namePlaceholder')} />
          </Form.Item>
        </SearchBar>
        <DataTable<RoleRow>
          tableKey="roleManage"
          rowKey="roleId"
          columns={columns}
          query={query}
          list={list}
          toolbar={
            can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('add')}
              </Button>
            )
          }
        />
      </Flex>
      {editing && <RoleFormDialog role={editing} onClose={() => setEditing(null)} />}
      {assigning && <PermissionDialog role={assigning} onClose={() => setAssigning(null)} />}
    </Card>
  );
}
