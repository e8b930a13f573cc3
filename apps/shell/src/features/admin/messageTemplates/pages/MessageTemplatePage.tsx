import { useState } from 'react';
import { Card, Flex, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { BUTTON_CODES, type MessageTemplate } from '@cityops/contract';
import { confirmAction, crudTexts, LoadFailedAlert, RowActions } from '@cityops/crud';
import { i18n, useCan } from '@cityops/ui';
import { MessageTypeTag, useMessageTypeOptions } from '../../../messageCentre/messageTypes';
import { listTime } from '../../time';
import { TemplateFormDialog } from '../components/TemplateFormDialog';
import { useResetTemplate, useTemplates } from '../queries';
import { eventKey, templateTexts } from '../texts';

const byType = (a: MessageTemplate, b: MessageTemplate) => a.messageType - b.messageType;

/**
 * 消息模板: the template in force for every event that produces messages, grouped by message type
 * (and filtered by one); edited and reset to the shipped text with the edit button's code.
 */
export function MessageTemplatePage() {
  const t = templateTexts.useTexts();
  const crud = crudTexts.useTexts();
  const types = useMessageTypeOptions();
  const [messageType, setMessageType] = useState<number | undefined>();
  const query = useTemplates(messageType);
  const reset = useResetTemplate();
  const canEdit = useCan(BUTTON_CODES.messageTemplate.edit);
  const [editing, setEditing] = useState<MessageTemplate | null>(null);

  const confirmReset = (row: MessageTemplate) =>
    void confirmAction({
      content: t('confirmReset', { name: t(eventKey(row.eventKind)) }),
      action: () => reset.mutateAsync(row.eventKind),
      successText: i18n.t('contract:messageTemplate.reset'),
    });

  const columns: ColumnsType<MessageTemplate> = [
    {
      key: 'messageType',
      title: t('type'),
      render: (_, row) => <MessageTypeTag type={row.messageType} />,
    },
    { key: 'eventKind', title: t('event'), render: (_, row) => t(eventKey(row.eventKind)) },
    { key: 'title', title: t('title'), dataIndex: 'title' },
    {
      key: 'content',
      title: t('content'),
      render: (_, row) => (
        <Typography.Paragraph
          style={{ margin: 0, maxWidth: 460 }}
          ellipsis={{ rows: 2, tooltip: row.content }}
        >
          {row.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'state',
      title: t('state'),
      render: (_, row) =>
        row.isDefault ? <Tag>{t('default')}</Tag> : <Tag color="orange">{t('edited')}</Tag>,
    },
    {
      key: 'updateTime',
      title: t('updateTime'),
      render: (_, row) => (row.updateTime ? listTime(row.updateTime) : ''),
    },
    { key: 'updatedBy', title: t('updatedBy'), dataIndex: 'updatedBy' },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('edit'), hidden: !canEdit, onClick: () => setEditing(row) },
            {
              key: 'reset',
              label: t('reset'),
              hidden: !canEdit || row.isDefault,
              onClick: () => confirmReset(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center">
          <Typography.Text>{t('type')}</Typography.Text>
          <Select
            allowClear
            aria-label={t('type')}
            placeholder={t('all')}
            style={{ width: 160 }}
            value={messageType}
            onChange={setMessageType}
            options={types}
          />
        </Flex>
        <LoadFailedAlert query={query} />
        <Table<MessageTemplate>
          size="middle"
          rowKey="eventKind"
          columns={columns}
          dataSource={[...(query.data ?? [])].sort(byType)}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Flex>
      {editing && <TemplateFormDialog template={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
