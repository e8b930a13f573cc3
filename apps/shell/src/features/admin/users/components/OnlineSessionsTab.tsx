import { Button, Form, Input, Tag } from 'antd';
import { onlineListRequestSchema, USER_BUTTONS, type OnlineSession } from '@cityops/contract';
import { confirmAction, crudTexts, DataTable, SearchBar, useListState, type CrudColumn } from '@cityops/crud';
import { AgentText, useCan, zonedTitle } from '@cityops/ui';
import { listTime } from '../../time';
import { useKickSession, useOnlinePage } from '../queries';
import { userTexts } from '../texts';

/** Who is signed in, from where and since when; an administrator can end another session. */
export function OnlineSessionsTab() {
  const t = userTexts.useTexts();
  const crud = crudTexts.useTexts();
  const list = useListState(onlineListRequestSchema);
  const query = useOnlinePage(list.state);
  const kick = useKickSession();
  const mayKick = useCan(USER_BUTTONS.kick);

  const columns: CrudColumn<OnlineSession>[] = [
    { key: 'userName', title: t('userName'), sortField: 'userName' },
    { key: 'name', title: t('name') },
    { key: 'ip', title: t('ip') },
    {
      key: 'userAgent',
      title: t('userAgent'),
      render: (_, row) => <AgentText userAgent={row.userAgent} />,
    },
    {
      key: 'loginTime',
      title: zonedTitle(t('loginTime')),
      sortField: 'loginTime',
      render: (value: string) => listTime(value),
    },
    {
      key: 'lastSeenTime',
      title: zonedTitle(t('lastSeenTime')),
      sortField: 'lastSeenTime',
      render: (value: string) => listTime(value),
    },
    {
      key: 'expiresTime',
      title: zonedTitle(t('expiresTime')),
      defaultHidden: true,
      render: (value: string) => listTime(value),
    },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) =>
        row.current ? (
          <Tag color="blue">{t('current')}</Tag>
        ) : (
          mayKick && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                void confirmAction({
                  content: t('confirmKick', { name: row.userName }),
                  action: () => kick.mutateAsync(row.sessionId),
                  successText: t('kicked'),
                })
              }
            >
              {t('kick')}
            </Button>
          )
        ),
    },
  ];

  return (
    <>
      <SearchBar
        values={{ userName: list.state.userName, ip: list.state.ip }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="userName" label={t('userName')}>
          <Input allowClear maxLength={50} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="ip" label={t('ip')}>
          <Input allowClear maxLength={64} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <div style={{ marginTop: 16 }}>
        <DataTable<OnlineSession>
          tableKey="onlineSessions"
          rowKey="sessionId"
          columns={columns}
          query={query}
          list={list}
        />
      </div>
    </>
  );
}
