import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import { logEndpoints, type FieldChangeRow, type OperationLogRow } from '@cityops/contract';
import { useEndpointQuery } from '@cityops/crud';
import { currentLocale } from '@cityops/ui';
import { formatTime, OutcomeTag } from './cells';
import { fieldName, logFieldTexts } from './fieldNames';
import { actionName, moduleName } from './names';
import { logTexts } from './texts';

/** One operation with the fields it changed, each before and after. */
export function OperationDetailDrawer({ row, onClose }: { row: OperationLogRow | null; onClose(): void }) {
  const t = logTexts.useTexts();
  const names = logFieldTexts.useTexts();
  const locale = currentLocale();
  const detail = useEndpointQuery(
    logEndpoints.operationDetail,
    { body: { id: row?.id ?? 0 } },
    { enabled: row !== null },
  );
  const value = (shown: FieldChangeRow['before']) =>
    shown === null || shown === '' ? (
      <Typography.Text type="secondary">{t('empty')}</Typography.Text>
    ) : (
      String(shown)
    );

  return (
    <Drawer open={row !== null} onClose={onClose} title={t('detailTitle')} size="large" destroyOnHidden>
      {row && (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('time')}>{formatTime(row.time)}</Descriptions.Item>
          <Descriptions.Item label={t('account')}>{row.account}</Descriptions.Item>
          <Descriptions.Item label={t('ip')}>{row.ip}</Descriptions.Item>
          <Descriptions.Item label={t('module')}>{moduleName(row.module, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('action')}>{actionName(t, row.action)}</Descriptions.Item>
          <Descriptions.Item label={t('target')}>{row.targetName}</Descriptions.Item>
          <Descriptions.Item label={t('outcome')}>
            <OutcomeTag outcome={row.outcome} />
          </Descriptions.Item>
          {row.detail && <Descriptions.Item label={t('detail')}>{row.detail}</Descriptions.Item>}
        </Descriptions>
      )}
      {detail.isError ? (
        <Alert type="error" showIcon message={detail.error.message} />
      ) : detail.isPending ? (
        <Skeleton active />
      ) : detail.data && detail.data.changes.length > 0 ? (
        <Table<FieldChangeRow>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={detail.data.changes}
          aria-label={t('changes')}
          columns={[
            {
              key: 'field',
              title: t('field'),
              render: (_, change) => (row ? fieldName(names, row.module, change.field) : change.field),
            },
            { key: 'before', title: t('before'), render: (_, change) => value(change.before) },
            { key: 'after', title: t('after'), render: (_, change) => value(change.after) },
          ]}
        />
      ) : (
        <Empty description={t('noChanges')} />
      )}
    </Drawer>
  );
}
