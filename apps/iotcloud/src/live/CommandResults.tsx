import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { chinaDateTime, type CommandRow, type CommandState } from '@cityops/contract';
import { liveTexts } from './texts';

const COLORS: Record<CommandState, string> = {
  sent: 'processing',
  succeeded: 'success',
  failed: 'error',
  timeout: 'warning',
  offline: 'default',
};

/** What a device's answer means, in the contract's words (command.*). */
export function commandOutcome(row: CommandRow, t: (key: string, values?: object) => string): string {
  switch (row.state) {
    case 'succeeded':
      return t('contract:command.succeeded');
    case 'failed':
      return t('contract:command.failed', { message: row.replyMessage || String(row.replyCode ?? '') });
    case 'timeout':
      return t('contract:command.timeout');
    case 'offline':
      return t('contract:command.offline');
    case 'sent':
      return '';
  }
}

/** Each device's result of the last command: succeeded, failed with the device's message, timeout, offline. */
export function CommandResults({ rows }: { rows: readonly CommandRow[] }) {
  const t = liveTexts.useTexts();
  const { t: translate } = useTranslation();
  const say = translate as unknown as (key: string, values?: object) => string;
  return (
    <Table<CommandRow>
      size="small"
      aria-label={t('results')}
      title={() => t('results')}
      rowKey="commandId"
      pagination={false}
      dataSource={[...rows]}
      onRow={(row) => ({ 'data-command-state': row.state }) as object}
      columns={[
        { key: 'deviceName', title: t('name'), dataIndex: 'deviceName' },
        {
          key: 'state',
          title: t('result'),
          render: (_, row) => <Tag color={COLORS[row.state]}>{t(`commandState.${row.state}`)}</Tag>,
        },
        { key: 'message', title: t('message'), render: (_, row) => commandOutcome(row, say) },
        {
          key: 'answeredAt',
          title: t('time'),
          render: (_, row) => chinaDateTime(row.answeredAt ?? row.sentAt),
        },
      ]}
    />
  );
}
