import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import {
  USER_BUTTONS,
  USER_STATES,
  userExport,
  userListRequestSchema,
  type UserRow,
} from '@cityops/contract';
import {
  confirmAction,
  confirmDelete,
  crudTexts,
  DataTable,
  RowActions,
  SearchBar,
  useCrud,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { ExportButton, useCan } from '@cityops/ui';
import { listTime } from '../../time';
import { useAlterState, useDeleteUser, useDeleteUsers, useRoleOptions, useUserPage } from '../queries';
import { userTexts } from '../texts';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

/** The user list: search, the table with the user's columns, and each row's actions by button code. */
export function UserListTab() {
  const t = userTexts.useTexts();
  const crud = crudTexts.useTexts();
  const list = useListState(userListRequestSchema);
  const query = useUserPage(list.state);
  const roles = useRoleOptions();
  const alter = useAlterState();
  const remove = useDeleteUser();
  const removeMany = useDeleteUsers();
  const { http } = useCrud();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const can = {
    add: useCan(USER_BUTTONS.add),
    edit: useCan(USER_BUTTONS.edit),
    delete: useCan(USER_BUTTONS.delete),
    state: useCan(USER_BUTTONS.state),
    reset: useCan(USER_BUTTONS.resetPwd),
    export: useCan(USER_BUTTONS.export),
  };
  // Everything the filters select, on every page: the list's request without its paging.
  const { pageNum: _page, pageSize: _size, ...selection } = list.state;

  const toggle = (row: UserRow) => {
    const disabling = row.status === 'enabled';
    void confirmAction({
      content: t(disabling ? 'confirmDisable' : 'confirmEnable', { name: row.userName }),
      action: () => alter.mutateAsync({ userId: row.userId, status: disabling ? 'disabled' : 'enabled' }),
      successText: t('stateChanged'),
    });
  };

  const columns: CrudColumn<UserRow>[] = [
    { key: 'userName', title: t('userName'), sortField: 'userName' },
    { key: 'name', title: t('name'), sortField: 'name' },
    {
      key: 'roles',
      title: t('role'),
      render: (_, row) => row.roles.map((role) => <Tag key={role.roleId}>{role.roleName}</Tag>),
    },
    { key: 'orgName', title: t('org') },
    { key: 'phone', title: t('phone') },
    { key: 'email', title: t('email'), defaultHidden: true },
    { key: 'jobTitle', title: t('jobTitle') },
    {
      key: 'gender',
      title: t('gender'),
      defaultHidden: true,
      render: (_, row) => (row.gender ? t(row.gender) : ''),
    },
    { key: 'birthDate', title: t('birthDate'), defaultHidden: true },
    { key: 'otherContact', title: t('otherContact'), defaultHidden: true },
    {
      key: 'status',
      title: t('status'),
      render: (_, row) => (
        <Space size={4}>
          <Tag color={row.status === 'enabled' ? 'green' : 'default'}>{t(row.status)}</Tag>
          {row.mustChangePassword && <Tag color="orange">{t('mustChange')}</Tag>}
        </Space>
      ),
    },
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
      defaultHidden: true,
      render: (value: string) => listTime(value),
    },
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
              key: 'state',
              label: row.status === 'enabled' ? t('disable') : t('enable'),
              hidden: !can.state,
              onClick: () => toggle(row),
            },
            { key: 'reset', label: t('resetPwd'), hidden: !can.reset, onClick: () => setResetting(row) },
            {
              key: 'delete',
              label: crud('delete'),
              danger: true,
              hidden: !can.delete,
              onClick: () => void confirmDelete(row.userName, () => remove.mutateAsync(row.userId)),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchBar
        values={{
          name: list.state.name,
          userName: list.state.userName,
          status: list.state.status,
          roleId: list.state.roleId,
        }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="name" label={t('name')}>
          <Input allowClear maxLength={50} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="userName" label={t('userName')}>
          <Input allowClear maxLength={50} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={USER_STATES.map((state) => ({ value: state, label: t(state) }))}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('role')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 150 }}
            options={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.name }))}
          />
        </Form.Item>
      </SearchBar>
      <div style={{ marginTop: 16 }}>
        <DataTable
          tableKey="userManage"
          rowKey="userId"
          columns={columns}
          query={query}
          list={list}
          batchDelete={can.delete ? (userIds) => removeMany.mutateAsync(userIds) : undefined}
          toolbar={
            <>
              {can.add && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('add')}
                </Button>
              )}
              {can.export && (
                <ExportButton
                  download={(onProgress) => http.download(userExport, { body: selection, onProgress })}
                />
              )}
            </>
          }
        />
      </div>
      {editing && <UserFormDialog user={editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
