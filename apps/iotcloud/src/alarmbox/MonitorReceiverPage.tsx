import { useState } from 'react';
import { Badge, Button, Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useStore } from 'zustand';
import type { ReactNode } from 'react';
import type { AlarmRecord } from '@cityops/contract';
import { readPageSettings, readToken } from '@cityops/client';
import {
  callSummary,
  callsInProgress,
  createReceiverStore,
  useAlarmSocket,
  useAlarmTexts,
  type ReceiverStoreApi,
} from '@cityops/alarmcall';
import { useFramePermissions, useRuntime } from '@cityops/subapp';

const settings = readPageSettings();

function CallCard({ record, action }: { record: AlarmRecord; action?: ReactNode }) {
  return (
    <Card size="small" data-receiver-call={record.id}>
      <Flex justify="space-between" align="center" gap={16}>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {record.deviceDto.devName}
          </Typography.Title>
          <Typography.Text type="secondary">{callSummary(record)}</Typography.Text>
          <Typography.Text type="secondary">{record.happenTime}</Typography.Text>
          {record.answeredBy && <Typography.Text>{record.answeredBy.name}</Typography.Text>}
        </Flex>
        {action}
      </Flex>
    </Card>
  );
}

/**
 * 报警接听: a full-screen duty view of the calls ringing (large, with answer buttons
 * that ask the shell's receiver to answer, as a notice's button) and the calls in progress. The shell
 * shows no notices while this page is in view, and still rings. The socket is the frame's own origin's
 * (the sub-app host forwards it): SockJS asks `/info` first, which the shell's origin would make
 * cross-origin.
 */
export function MonitorReceiverPage() {
  const runtime = useRuntime();
  const userId = useFramePermissions().data?.userId;
  const [store] = useState(createReceiverStore);
  const [inProgress, setInProgress] = useState<Readonly<Record<number, AlarmRecord>>>({});
  useAlarmSocket(store, {
    alarmServiceUrl: settings.alarmServiceUrl,
    getToken: readToken,
    userId: userId ?? 0,
    enabled: userId !== undefined,
    // The calls in progress are read off the same frames: answered, not yet ended.
    onRecords: (records, whole) => setInProgress((calls) => callsInProgress(calls, records, whole)),
  });
  return (
    <ReceiverBoard
      store={store}
      inProgress={inProgress}
      onAnswer={(record) => runtime.answerAlarm(record.devId, record.id)}
    />
  );
}

/** The duty view itself: the ringing calls of `store` with 接听, and the calls in progress. */
export function ReceiverBoard({
  store,
  inProgress,
  onAnswer,
}: {
  store: ReceiverStoreApi;
  inProgress: Readonly<Record<number, AlarmRecord>>;
  onAnswer(record: AlarmRecord): void;
}) {
  const t = useAlarmTexts();
  const notices = useStore(store, (state) => state.notices);
  const order = useStore(store, (state) => state.order);
  const ringing = order.map((id) => notices[id]).filter((notice) => notice?.phase === 'ringing');
  const talking = Object.values(inProgress);

  return (
    <Row gutter={16} style={{ padding: 16, height: '100%', overflow: 'auto' }} data-monitor-receiver="">
      <Col span={16}>
        <Typography.Title level={3}>
          <Badge count={ringing.length} offset={[12, 0]}>
            {t('ringing')}
          </Badge>
        </Typography.Title>
        <Flex vertical gap={12}>
          {ringing.length === 0 && <Empty description={t('noRinging')} />}
          {ringing.map(
            (notice) =>
              notice && (
                <CallCard
                  key={notice.record.id}
                  record={notice.record}
                  action={
                    <Button
                      type="primary"
                      danger
                      size="large"
                      data-alarm-answer={notice.record.id}
                      onClick={() => onAnswer(notice.record)}
                    >
                      {t('answer')}
                    </Button>
                  }
                />
              ),
          )}
        </Flex>
      </Col>
      <Col span={8}>
        <Typography.Title level={3}>{t('inCall')}</Typography.Title>
        <Flex vertical gap={12}>
          {talking.map((record) => (
            <CallCard key={record.id} record={record} action={<Tag color="green">{t('inCall')}</Tag>} />
          ))}
        </Flex>
      </Col>
    </Row>
  );
}
