import { Button, Flex, Typography } from 'antd';
import { useStore } from 'zustand';
import { canAnswer, type AlarmNotice } from './receiverLogic.js';
import type { ReceiverStoreApi } from './receiverStore.js';
import { useAlarmTexts } from './texts.js';

/** Where and when a call rings, as a notice and the header's list show it. */
export function callSummary(notice: AlarmNotice['record']): string {
  const box = notice.deviceDto;
  return [box.projectName, box.areaName, box.siteName, box.address].filter(Boolean).join(' · ');
}

/**
 * A notice's body (§4.6): the box, the place, the time, and the answer button: 接听 while ringing
 * (disabled while a call is active, saying 当前正在接听), 已结束(n) / 已被接听(n) while the notice counts
 * down.
 */
export function AlarmNoticeBody({
  store,
  id,
  onAnswer,
}: {
  store: ReceiverStoreApi;
  id: number;
  onAnswer(notice: AlarmNotice): void;
}) {
  const t = useAlarmTexts();
  const notice = useStore(store, (state) => state.notices[id]);
  const enabled = useStore(store, (state) => canAnswer(state, id));
  // Another call is active here (§4.6): the button is disabled and says why.
  const busy = useStore(store, (state) => state.current !== null && state.current.id !== id);
  if (!notice) return null;
  const { record } = notice;
  const label =
    notice.phase === 'ringing'
      ? t('answer')
      : t(notice.phase === 'ended' ? 'ended' : 'answeredElsewhere', { n: notice.countdown ?? 0 });
  return (
    <Flex vertical gap={4} data-alarm-notice={record.id} data-alarm-phase={notice.phase}>
      <Typography.Text strong>{record.deviceDto.devName}</Typography.Text>
      <Typography.Text type="secondary">{callSummary(record)}</Typography.Text>
      <Typography.Text type="secondary">{record.happenTime}</Typography.Text>
      <Flex justify="end" align="center" gap={8}>
        {busy && notice.phase === 'ringing' && (
          <Typography.Text type="warning" data-alarm-busy="">
            {t('busy')}
          </Typography.Text>
        )}
        <Button
          type="primary"
          danger={notice.phase === 'ringing'}
          disabled={!enabled}
          data-alarm-answer={record.id}
          onClick={() => onAnswer(notice)}
        >
          {label}
        </Button>
      </Flex>
    </Flex>
  );
}
