import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Modal, Typography } from 'antd';
import { ExpandOutlined, MinusOutlined, PhoneOutlined } from '@ant-design/icons';
import {
  alarmBoxPlace,
  alarmCallEndpoints,
  parseVideoTime,
  type AlarmRecord,
  type VideoDevice,
} from '@cityops/contract';
import type { HttpClient } from '@cityops/client';
import { Html5Player, IccPlayer, PLATFORM_ICC, createVideoSources } from '@cityops/video';
import { callSummary } from './AlarmNoticeBody.js';
import { IntercomPanel } from './IntercomPanel.js';
import { useAlarmTexts } from './texts.js';

export interface CallDialogProps {
  http: HttpClient;
  alarmboxUrl: string;
  getToken(): string | null;
  record: AlarmRecord;
  /** Hung up (or the call is gone): the receiver forgets the current call. */
  onClosed(): void;
  onOpenMonitor(): void;
}

/**
 * The call dialog (§2.10): the box's camera live (the players of packages/video), the intercom below;
 * minimise to a floating bar that restores; close asks, then hangs up; a link to the monitor page.
 */
export function CallDialog({
  http,
  alarmboxUrl,
  getToken,
  record,
  onClosed,
  onOpenMonitor,
}: CallDialogProps) {
  const t = useAlarmTexts();
  const [minimised, setMinimised] = useState(false);
  // The confirmations live in the dialog's tree: they follow the theme and locale, and go with the
  // dialog when the call ends meanwhile (no stale 挂断 question left over a call that is gone).
  const [modal, modalHolder] = Modal.useModal();
  const sources = useMemo(() => createVideoSources(http), [http]);
  const box = record.deviceDto;
  const camera = box.camera;
  // The players' device entry leaves out coordinates the camera has none of.
  const devices = useMemo<VideoDevice[]>(
    () =>
      camera
        ? [
            {
              ...camera,
              deviceDto: {
                ...camera.deviceDto,
                lng: camera.deviceDto.lng ?? undefined,
                lat: camera.deviceDto.lat ?? undefined,
              },
            },
          ]
        : [],
    [camera],
  );
  const hello = useMemo(
    () => ({ accessToken: getToken() ?? '', devIds: [record.devId], terminals: box.controlCode ?? '' }),
    [getToken, record.devId, box.controlCode],
  );

  const close = () =>
    void modal.confirm({
      title: t('hint'),
      content: t('closeConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        // A refused hang-up (the call ended meanwhile) is shown by the http client; the dialog closes
        // either way, and the confirmation must not rethrow it as an unhandled rejection.
        await http.call(alarmCallEndpoints.hangUp, { body: { alarmId: record.id } }).catch(() => undefined);
        onClosed();
      },
    });
  const toMonitor = () =>
    void modal.confirm({
      title: t('hint'),
      content: t('toMonitorConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => {
        setMinimised(true);
        onOpenMonitor();
      },
    });

  // A box whose place is unknown is named alone: no empty brackets.
  const place = alarmBoxPlace(box);
  const title = place ? `${box.devName}（${place}）` : box.devName;
  // The talk timer counts from the answer as the server recorded it, so a reload or a page switch
  // that mounts the dialog again goes on from the same moment.
  const answeredAt = record.notifyTime === null ? null : parseVideoTime(record.notifyTime);
  return (
    <>
      {modalHolder}
      {minimised && (
        <Flex
          data-alarm-call-bar={record.id}
          align="center"
          gap={8}
          style={{
            position: 'fixed',
            right: 24,
            bottom: 24,
            zIndex: 1100,
            padding: '8px 12px',
            borderRadius: 8,
            background: 'var(--ant-color-bg-elevated, #fff)',
            boxShadow: '0 4px 16px rgba(0,0,0,0.2)',
          }}
        >
          <PhoneOutlined />
          <Typography.Text>{box.devName}</Typography.Text>
          <Button size="small" icon={<ExpandOutlined />} onClick={() => setMinimised(false)}>
            {t('restore')}
          </Button>
        </Flex>
      )}
      <Modal
        open
        // Minimised, the dialog is only hidden: the call, its camera and its intercom keep running.
        style={minimised ? { display: 'none' } : undefined}
        mask={minimised ? false : { closable: false }}
        title={
          <Flex align="center" justify="space-between" style={{ paddingRight: 32 }}>
            <span data-alarm-call-title="">{title}</span>
            <Flex gap={4}>
              <Button type="link" onClick={toMonitor}>
                {t('toMonitor')}
              </Button>
              <Button
                type="text"
                aria-label={t('minimise')}
                icon={<MinusOutlined />}
                onClick={() => setMinimised(true)}
              />
            </Flex>
          </Flex>
        }
        onCancel={close}
        footer={
          <Button danger type="primary" onClick={close}>
            {t('hangUp')}
          </Button>
        }
        width="min(960px, 96vw)"
      >
        <div data-alarm-call={record.id}>
          <Typography.Paragraph type="secondary">{callSummary(record)}</Typography.Paragraph>
          <div style={{ height: 'min(480px, 55vh)' }}>
            {devices.length === 0 ? (
              <Empty data-alarm-no-camera="" description={t('noCamera')} />
            ) : box.accessWay === PLATFORM_ICC ? (
              <IccPlayer mode="live" devices={devices} source={sources.icc} />
            ) : (
              <Html5Player mode="live" devices={devices} source={sources.hik} />
            )}
          </div>
          <IntercomPanel alarmboxUrl={alarmboxUrl} hello={hello} since={answeredAt ?? undefined} />
        </div>
      </Modal>
    </>
  );
}
