import { Badge, Button, Dropdown, Empty, Flex, Tooltip, Typography } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useStore } from 'zustand';
import {
  callSummary,
  canAnswer,
  ringingNotices,
  useAlarmReceiver,
  useAlarmTexts,
  type AlarmReceiverValue,
} from '@cityops/alarmcall';

function RingingList({ receiver }: { receiver: AlarmReceiverValue }) {
  const t = useAlarmTexts();
  const state = useStore(receiver.store, (value) => value);
  const ringing = ringingNotices(state);
  return (
    <Flex
      vertical
      gap={8}
      data-alarm-ringing-list=""
      style={{ padding: 12, width: 320, maxHeight: 420, overflow: 'auto' }}
    >
      {ringing.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRinging')} />}
      {ringing.map(({ record }) => (
        <Flex key={record.id} align="center" justify="space-between" gap={8}>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {record.deviceDto.devName}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {callSummary(record)} {record.happenTime}
            </Typography.Text>
          </Flex>
          <Button
            type="primary"
            danger
            size="small"
            data-alarm-answer={record.id}
            disabled={!canAnswer(state, record.id)}
            onClick={() => receiver.answer(record.devId, record.id)}
          >
            {t('answer')}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}

/** The header's alarm receiver: the count of ringing calls and a list to answer them from. */
export function AlarmBell() {
  const receiver = useAlarmReceiver();
  const t = useAlarmTexts();
  if (!receiver) return null;
  return <AlarmBellButton receiver={receiver} label={t('receiver')} />;
}

/** The bell of a running receiver: its ringing count, and the list to answer from on click. */
export function AlarmBellButton({ receiver, label }: { receiver: AlarmReceiverValue; label: string }) {
  const count = useStore(receiver.store, (state) => ringingNotices(state).length);
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <div className="ant-dropdown-menu">
          <RingingList receiver={receiver} />
        </div>
      )}
    >
      <Tooltip title={label}>
        <Button type="text" aria-label={label} data-alarm-bell={count}>
          <Badge count={count} size="small">
            <AlertOutlined />
          </Badge>
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
