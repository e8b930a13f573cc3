import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import { BUTTON_CODES, messagePageRequestSchema, messageText, type Message } from '@cityops/contract';
import { confirmAction, DataTable, SearchBar, useListState, type CrudColumn } from '@cityops/crud';
import { i18n, showMessage, useCan, useLocale, zonedTitle } from '@cityops/ui';
import { MessageTypeTag } from '../../../messageCentre/messageTypes';
import { useOpenMessage } from '../../../messageCentre/openMessage';
import { listTime } from '../../time';
import { MessageSearchFields, rangeOf, timesOf, type MessageSearch } from '../components/MessageSearchFields';
import { useMarkRead, useMessagePage, useReadAll } from '../queries';
import { messageTexts } from '../texts';

/**
 * 消息中心 (platform-shell.md §7 Messages): the user's messages, newest first, filtered by type, read
 * state and time; unread ones in bold. A click on a row marks it read and opens its page; the chosen
 * rows, or all of them, are marked read with the markRead button's code.
 */
export function MessagePage() {
  const t = messageTexts.useTexts();
  const locale = useLocale();
  const list = useListState(messagePageRequestSchema);
  const query = useMessagePage(list.state);
  const markRead = useMarkRead();
  const readAll = useReadAll();
  const openMessage = useOpenMessage();
  const canMark = useCan(BUTTON_CODES.message.markRead);
  const { state } = list;
  const unread = query.data?.noReadCount ?? 0;

  const columns: CrudColumn<Message>[] = [
    {
      key: 'messageType',
      title: t('type'),
      render: (_, row) => <MessageTypeTag type={row.messageType} />,
    },
    {
      key: 'title',
      title: t('title'),
      render: (_, row) => (
        <Typography.Text strong={!row.readStatus}>{messageText(row, locale).title}</Typography.Text>
      ),
    },
    {
      key: 'messageContent',
      title: t('content'),
      render: (_, row) => {
        const { messageContent } = messageText(row, locale);
        return (
          <Typography.Text
            strong={!row.readStatus}
            ellipsis={{ tooltip: messageContent }}
            style={{ maxWidth: 420 }}
          >
            {messageContent}
          </Typography.Text>
        );
      },
    },
    { key: 'projectName', title: t('project'), render: (_, row) => row.projectName ?? t('platform') },
    { key: 'createTime', title: zonedTitle(t('createTime')), render: (_, row) => listTime(row.createTime) },
    {
      key: 'readStatus',
      title: t('readStatus'),
      // What the operator scans the list for: kept in view at the right edge however wide the rest.
      fixed: true,
      render: (_, row) => (row.readStatus ? <Tag>{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>),
    },
  ];

  const confirmReadAll = () =>
    void confirmAction({
      content: t('confirmReadAll', { count: unread }),
      action: () => readAll.mutateAsync(undefined),
      successText: i18n.t('contract:message.allRead'),
    });

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<MessageSearch>
        values={{
          messageType: state.messageType,
          readStatus: state.readStatus,
          range: rangeOf(state.startTime, state.endTime),
        }}
        onSearch={({ range, ...filters }) => list.update({ ...filters, ...timesOf(range) })}
        onReset={list.reset}
      >
        <MessageSearchFields />
      </SearchBar>
      <div style={{ marginTop: 16 }}>
        <DataTable<Message, 'id'>
          tableKey="message"
          rowKey="id"
          columns={columns}
          query={query}
          list={list}
          title={t('unreadCount', { count: unread })}
          batchActions={
            canMark
              ? [
                  {
                    key: 'markRead',
                    label: t('markRead'),
                    icon: <CheckOutlined />,
                    run: async (ids) => {
                      await markRead.mutateAsync(ids);
                      showMessage('SUCCESS', i18n.t('contract:message.marked'));
                    },
                  },
                ]
              : undefined
          }
          toolbar={
            canMark && (
              <Button disabled={unread === 0} onClick={confirmReadAll}>
                {t('readAll')}
              </Button>
            )
          }
          tableProps={{
            onRow: (row) => ({
              onClick: (event) => {
                // The check box chooses the row; it does not open it.
                if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
                openMessage(row);
              },
              style: { cursor: 'pointer' },
            }),
          }}
        />
      </div>
    </Card>
  );
}
