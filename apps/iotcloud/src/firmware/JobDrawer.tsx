import { useState } from 'react';
import { Button, Descriptions, Drawer, Progress, Select, Space, Table, Tag } from 'antd';
import {
  productNameOf,
  UPGRADE_TARGET_STATES,
  type UpgradeTargetRow,
  type UpgradeTargetState,
} from '@cityops/contract';
import { confirmAction, usePopupPaging } from '@cityops/crud';
import { showMessage, useCan } from '@cityops/ui';
import { contractText, listTime, useLocale } from '../assets/shared';
import { useCancelJob, useJob, useRetryJob, useTargets } from './queries';
import { TARGET_COLOURS } from './rules';
import { upgradeTexts } from './texts';

/** A target's state as a tag. */
export function TargetState({ state }: { state: UpgradeTargetState }) {
  const t = upgradeTexts.useTexts();
  return <Tag color={TARGET_COLOURS[state]}>{t(`target.${state}`)}</Tag>;
}

/**
 * A job's drawer: its firmware and counts, each device's state, progress and message (filtered by
 * state, read again while the job runs), 取消任务 and 重试失败设备 by their button codes.
 */
export function JobDrawer({ jobId, onClose }: { jobId: number; onClose(): void }) {
  const t = upgradeTexts.useTexts();
  const locale = useLocale();
  const job = useJob(jobId);
  const [state, setState] = useState<UpgradeTargetState | undefined>(undefined);
  const paging = usePopupPaging();
  const running = job.data?.state === 'running';
  // While the job runs, the devices' rows follow its progress.
  const targets = useTargets({ jobId, state, pageNum: paging.pageNum, pageSize: paging.pageSize }, running);
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const can = { cancel: useCan('upgrade_cancel'), create: useCan('upgrade_create') };

  const data = job.data;
  return (
    <Drawer open width={900} title={data?.name ?? ''} onClose={onClose}>
      {data && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('product')}>{productNameOf(data, locale)}</Descriptions.Item>
            <Descriptions.Item label={t('version')}>{data.version}</Descriptions.Item>
            <Descriptions.Item label={t('state')}>{t(`job.${data.state}`)}</Descriptions.Item>
            <Descriptions.Item label={t('createdAt')}>{listTime(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('timeout')}>{data.timeoutSeconds}</Descriptions.Item>
            <Descriptions.Item label={t('progress')}>
              <Progress percent={data.progress} size="small" style={{ width: 160 }} />
            </Descriptions.Item>
          </Descriptions>
          <Space wrap style={{ marginBottom: 12 }}>
            {UPGRADE_TARGET_STATES.filter((key) => data.counts[key] > 0).map((key) => (
              <Tag key={key} color={TARGET_COLOURS[key]}>
                {t(`target.${key}`)} {data.counts[key]}
              </Tag>
            ))}
          </Space>
          <Space style={{ marginBottom: 12 }}>
            <Select
              allowClear
              placeholder={t('all')}
              style={{ width: 140 }}
              value={state}
              onChange={(value: UpgradeTargetState | undefined) => {
                setState(value);
                paging.firstPage();
              }}
              options={UPGRADE_TARGET_STATES.map((key) => ({ value: key, label: t(`target.${key}`) }))}
            />
            {can.cancel && running && (
              <Button
                danger
                loading={cancel.isPending}
                onClick={() =>
                  void confirmAction({
                    content: t('cancelConfirm', { name: data.name }),
                    action: () => cancel.mutateAsync(jobId),
                    successText: contractText('upgrade.cancelled', locale),
                  })
                }
              >
                {t('cancelJob')}
              </Button>
            )}
            {can.create && data.state !== 'cancelled' && data.counts.failed > 0 && (
              <Button
                loading={retry.isPending}
                onClick={() =>
                  void retry.mutateAsync(jobId).then(
                    () => showMessage('SUCCESS', contractText('upgrade.retried', locale)),
                    () => undefined,
                  )
                }
              >
                {t('retryFailed')}
              </Button>
            )}
          </Space>
        </>
      )}
      <Table<UpgradeTargetRow>
        size="small"
        rowKey="deviceId"
        loading={targets.isLoading}
        dataSource={targets.data?.list ?? []}
        pagination={paging.pagination(targets.data?.total ?? 0)}
        columns={[
          { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName' },
          { key: 'deviceKey', title: t('deviceKey'), dataIndex: 'deviceKey' },
          { key: 'state', title: t('state'), render: (_, row) => <TargetState state={row.state} /> },
          {
            key: 'progress',
            title: t('progress'),
            render: (_, row) => (
              <Progress
                percent={row.state === 'succeeded' ? 100 : row.progress}
                size="small"
                status={row.state === 'failed' ? 'exception' : undefined}
                style={{ width: 120 }}
              />
            ),
          },
          { key: 'fromVersion', title: t('fromVersion'), dataIndex: 'fromVersion' },
          { key: 'firmwareVersion', title: t('currentFirmware'), dataIndex: 'firmwareVersion' },
          { key: 'message', title: t('message'), dataIndex: 'message' },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => listTime(row.updatedAt) },
        ]}
      />
    </Drawer>
  );
}
