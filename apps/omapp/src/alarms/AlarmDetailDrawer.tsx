import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Input,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import {
  deviceTypeName,
  ALARM_NOTE_MAX,
  ALARM_STATE_NAMES,
  WORK_ORDER_STATE_NAMES,
  nameOf,
  type AlarmDetail,
  type AlarmEvent,
  type AlarmKind,
  alarmTitle,
} from '@cityops/contract';
import { AlarmLevelTag, AlarmStateTag, popupPagination } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { useAddComment, useAlarmDetail } from './queries';
import { listTime, useDurationText, useLocale } from './shared';
import { alarmTexts } from './texts';

/** ECharts loads with the first detail that has data to draw, not with the list. */
const TelemetryChart = lazy(() =>
  import('./TelemetryChart').then((module) => ({ default: module.TelemetryChart })),
);

export interface AlarmDetailDrawerProps {
  kind: AlarmKind;
  alarmId: number;
  onClose(): void;
}

/**
 * One alarm's detail: its fields, the timeline of what happened to it (who, when, from →
 * to, reason, comment) with 添加备注, its occurrences, the watched value around it as a line, and the
 * linked work order.
 */
export function AlarmDetailDrawer({ kind, alarmId, onClose }: AlarmDetailDrawerProps) {
  const t = alarmTexts.useTexts();
  const detail = useAlarmDetail(alarmId);
  return (
    <Drawer
      open
      size="large"
      title={kind === 'alarm' ? t('alarmDetail') : t('warningDetail')}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" title={t('loadFailed')} />}
      {detail.data && <DetailBody detail={detail.data} />}
    </Drawer>
  );
}

function DetailBody({ detail }: { detail: AlarmDetail }) {
  const t = alarmTexts.useTexts();
  const locale = useLocale();
  const duration = useDurationText();
  const { alarm, workOrder, telemetry } = detail;
  return (
    <Flex vertical gap={20}>
      <section>
        <Typography.Title level={5}>{t('basic')}</Typography.Title>
        <Descriptions size="small" bordered column={2}>
          <Descriptions.Item label={t('device')}>{alarm.deviceName}</Descriptions.Item>
          <Descriptions.Item label={t('deviceKey')}>{alarm.deviceKey}</Descriptions.Item>
          <Descriptions.Item label={t('deviceType')}>
            {deviceTypeName(alarm.typeCode, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('title')}>{alarmTitle(alarm, locale)}</Descriptions.Item>
          <Descriptions.Item label={t('level')}>
            <AlarmLevelTag level={alarm.level} />
          </Descriptions.Item>
          <Descriptions.Item label={t('state')}>
            <AlarmStateTag state={alarm.state} />
            {alarm.recoveredAt !== null && <Tag color="green">{t('recovered')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('value')}>
            {alarm.value === null ? t('noValue') : String(alarm.value)}
          </Descriptions.Item>
          <Descriptions.Item label={t('count')}>{alarm.count}</Descriptions.Item>
          <Descriptions.Item label={t('firstAt')}>{listTime(alarm.firstAt)}</Descriptions.Item>
          <Descriptions.Item label={t('lastAt')}>{listTime(alarm.lastAt)}</Descriptions.Item>
          <Descriptions.Item label={t('recoveredAt')}>
            {listTime(alarm.recoveredAt) || t('noValue')}
          </Descriptions.Item>
          <Descriptions.Item label={t('closedAt')}>
            {alarm.closedAt
              ? `${listTime(alarm.closedAt)}（${duration(alarm.firstAt, alarm.closedAt)}）`
              : t('noValue')}
          </Descriptions.Item>
          <Descriptions.Item label={t('handledBy')}>{alarm.handledBy ?? t('noValue')}</Descriptions.Item>
          <Descriptions.Item label={t('handledAt')}>
            {listTime(alarm.handledAt) || t('noValue')}
          </Descriptions.Item>
          <Descriptions.Item label={t('project')}>{alarm.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('area')}>{alarm.areaName ?? t('noValue')}</Descriptions.Item>
          <Descriptions.Item label={t('address')} span={2}>
            {alarm.address || t('noValue')}
          </Descriptions.Item>
        </Descriptions>
      </section>
      <section>
        <Typography.Title level={5}>{t('workOrder')}</Typography.Title>
        {workOrder ? (
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('orderNo')}>{workOrder.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orderState')}>
              {workOrder.state in WORK_ORDER_STATE_NAMES
                ? nameOf(
                    WORK_ORDER_STATE_NAMES,
                    workOrder.state as keyof typeof WORK_ORDER_STATE_NAMES,
                    locale,
                  )
                : workOrder.state}
            </Descriptions.Item>
            <Descriptions.Item label={t('orderAssignee')}>
              {workOrder.assignee ?? t('noValue')}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('noOrder')}</Typography.Text>
        )}
      </section>
      <section>
        <Typography.Title level={5}>{t('telemetry')}</Typography.Title>
        {telemetry && telemetry.points.length > 0 ? (
          <Suspense fallback={<Spin />}>
            <TelemetryChart telemetry={telemetry} firstAt={alarm.firstAt} lastAt={alarm.lastAt} />
          </Suspense>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTelemetry')} />
        )}
      </section>
      <section>
        <Typography.Title level={5}>{t('timeline')}</Typography.Title>
        <EventTimeline events={detail.events} />
        <CommentBox alarmId={alarm.alarmId} />
      </section>
      <section>
        <Typography.Title level={5}>
          {t('occurrences')}（{alarm.count}）
        </Typography.Title>
        <Table
          size="small"
          rowKey="at"
          pagination={popupPagination()}
          dataSource={detail.occurrences}
          columns={[
            { key: 'at', title: t('at'), render: (_, row) => listTime(row.at) },
            {
              key: 'value',
              title: t('value'),
              render: (_, row) => (row.value === null ? t('noValue') : String(row.value)),
            },
          ]}
        />
      </section>
    </Flex>
  );
}

function EventTimeline({ events }: { events: AlarmEvent[] }) {
  const t = alarmTexts.useTexts();
  const locale = useLocale();
  const items = useMemo(
    () =>
      events.map((event) => ({
        key: event.eventId,
        content: (
          <div data-event={event.action}>
            <Typography.Text strong>{t(`action.${event.action}`)}</Typography.Text>{' '}
            {event.fromState && event.toState && (
              <span>
                {nameOf(ALARM_STATE_NAMES, event.fromState, locale)} →{' '}
                {nameOf(ALARM_STATE_NAMES, event.toState, locale)}
              </span>
            )}
            <div>
              <Typography.Text type="secondary">
                {listTime(event.at)} · {event.actor ?? t('engine')}
              </Typography.Text>
            </div>
            {event.reason && (
              <div>
                {t('reason')}：{event.reason}
              </div>
            )}
            {event.comment && (
              <div>
                {t('comment')}：{event.comment}
              </div>
            )}
          </div>
        ),
      })),
    [events, locale, t],
  );
  return <Timeline items={items} />;
}

function CommentBox({ alarmId }: { alarmId: number }) {
  const t = alarmTexts.useTexts();
  const add = useAddComment();
  const [comment, setComment] = useState('');
  const save = async () => {
    const text = comment.trim();
    if (text === '') {
      showMessage('WARN', t('commentRequired'));
      return;
    }
    try {
      await add.mutateAsync({ alarmId, comment: text });
      setComment('');
      showMessage('SUCCESS', t('commentAdded'));
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        rows={2}
        value={comment}
        maxLength={ALARM_NOTE_MAX}
        showCount
        placeholder={t('commentHint')}
        aria-label={t('addComment')}
        onChange={(event) => setComment(event.target.value)}
      />
      <Flex justify="flex-end">
        <Button loading={add.isPending} onClick={() => void save()}>
          {t('addComment')}
        </Button>
      </Flex>
    </Flex>
  );
}
