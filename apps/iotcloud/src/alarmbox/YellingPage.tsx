import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Flex, Input, Modal, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { alarmCallEndpoints, YELL_MAX_BOXES, type AlarmBoxRow, type TalkOpenFrame } from '@cityops/contract';
import { readPageSettings, readToken } from '@cityops/client';
import { useAlarmTexts } from '@cityops/alarmcall';
import { useEndpointQuery } from '@cityops/crud';
import { IntercomPanel } from '@cityops/alarmcall/intercom';
import { showMessage } from '@cityops/ui';

const settings = readPageSettings();

/** The talk socket's first frame for the chosen boxes (their control codes as a comma list). */
export function yellFrame(accessToken: string, boxes: readonly AlarmBoxRow[]): TalkOpenFrame {
  return {
    accessToken,
    devIds: boxes.map((box) => box.id),
    terminals: boxes.map((box) => box.controlCode ?? '').join(','),
  };
}

/**
 * 远程喊话: choose idle online boxes (yellTargets), then shout to all of them through one
 * talk socket, with the intercom's texts and timer; 请先选择设备 when none is chosen.
 */
export function YellingPage() {
  const t = useAlarmTexts();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [frame, setFrame] = useState<TalkOpenFrame | null>(null);
  const targets = useEndpointQuery(alarmCallEndpoints.yellTargets, { query: { keyword } });
  const boxes = targets.data ?? [];

  const start = () => {
    const picked = boxes.filter((box) => chosen.includes(box.id));
    if (picked.length === 0) {
      showMessage('WARN', t('chooseDevice'));
      return;
    }
    setFrame(yellFrame(readToken() ?? '', picked));
  };
  const stop = () =>
    Modal.confirm({
      title: t('hint'),
      content: t('stopYellConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => setFrame(null),
    });

  return (
    <Flex gap={16} style={{ padding: 16, height: '100%' }} data-yelling="">
      <Card size="small" style={{ width: 360, overflow: 'auto' }}>
        <Input.Search allowClear onSearch={setKeyword} disabled={frame !== null} />
        {boxes.length === 0 && <Empty />}
        <Checkbox.Group
          value={chosen}
          disabled={frame !== null}
          onChange={(values) => setChosen(values.slice(0, YELL_MAX_BOXES))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 12 }}
        >
          {boxes.map((box) => (
            <Checkbox key={box.id} value={box.id} data-yell-box={box.id}>
              {box.devName} <Typography.Text type="secondary">{box.areaName}</Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Card>
      <Card size="small" style={{ flex: 1 }}>
        <Flex vertical gap={16}>
          {frame ? (
            <>
              <IntercomPanel alarmboxUrl={settings.alarmboxUrl} hello={frame} yelling />
              <Button danger onClick={stop} data-yell-stop="">
                {t('stopYell')}
              </Button>
            </>
          ) : (
            <Button type="primary" icon={<SoundOutlined />} onClick={start} data-yell-start="">
              {t('startYell')}
            </Button>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
