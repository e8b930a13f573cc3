import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, List, Row, Space, Tag, Typography } from 'antd';
import {
  ALARM_PAGES,
  BOX_STATE_CODES,
  EVENT_STATUS,
  parseVideoTime,
  type AlarmRecord,
  type MapDeviceMarker,
} from '@cityops/contract';
import { DataTable } from '@cityops/crud';
import { CityMap } from '@cityops/map';
import { useLocale, useProjectMap } from '../assets/shared';
import { BoxSearchBar, useBoxActions, useBoxColumns, useBoxListState } from './boxes';
import {
  BOX_STATE_COLOURS,
  boxStateName,
  BoxStateTag,
  byUrgency,
  ringingRowClass,
  useAnswerAlarm,
  useLiveBoxes,
  useLiveBoxMap,
  useLiveCalls,
} from './shared';
import { alarmboxTexts } from './texts';

/** Whole seconds since the press (none before it: the box's clock may run ahead). */
export function ringingSeconds(happenTime: string, now: number) {
  const pressed = parseVideoTime(happenTime);
  return pressed === null ? 0 : Math.max(0, Math.floor((now - pressed) / 1000));
}

/**
 * The calls ringing or in progress (the current-calls query): ringing ones first, oldest first, each
 * with 接听 and how long it rang when the list was read (`readAt`); then the calls being talked, with
 * who answered. The count is of both: a call answered is still a live call on the duty officer's board.
 */
export function LiveCalls({ calls, readAt }: { calls: readonly AlarmRecord[]; readAt: number }) {
  const t = alarmboxTexts.useTexts();
  const answer = useAnswerAlarm();
  const live = calls
    .filter((call) => call.eventStatus !== EVENT_STATUS.ended)
    .toSorted(
      (a, b) =>
        Number(b.eventStatus === EVENT_STATUS.ringing) - Number(a.eventStatus === EVENT_STATUS.ringing) ||
        a.happenTime.localeCompare(b.happenTime),
    );
  return (
    <Card
      size="small"
      title={
        <Space>
          {t('liveCalls')}
          <Tag color={live.length > 0 ? 'error' : 'default'} data-testid="live-call-count">
            {live.length}
          </Tag>
        </Space>
      }
      style={{ marginBottom: 12 }}
      data-testid="live-calls"
    >
      {live.length === 0 ? (
        <Typography.Text type="secondary">{t('noLiveCalls')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={live}
          rowKey="id"
          renderItem={(call) => (
            <List.Item
              actions={
                call.eventStatus === EVENT_STATUS.ringing
                  ? [
                      <Button key="answer" type="primary" danger onClick={() => answer(call.devId, call.id)}>
                        {t('answer')}
                      </Button>,
                    ]
                  : []
              }
            >
              <Space wrap>
                <BoxStateTag state={call.eventStatus === EVENT_STATUS.ringing ? 'ringing' : 'inCall'} />
                <Typography.Text strong>{call.deviceDto.devName}</Typography.Text>
                <Typography.Text type="secondary">
                  {[call.deviceDto.areaName, call.deviceDto.siteName, call.deviceDto.address]
                    .filter(Boolean)
                    .join(' / ')}
                </Typography.Text>
                <Typography.Text>{call.happenTime}</Typography.Text>
                {call.eventStatus === EVENT_STATUS.ringing ? (
                  <Typography.Text type="danger">
                    {t('ringFor', { seconds: ringingSeconds(call.happenTime, readAt) })}
                  </Typography.Text>
                ) : (
                  call.answeredBy && (
                    <Typography.Text>{t('answeredByName', { name: call.answeredBy.name })}</Typography.Text>
                  )
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * 报警监控: every box of the user's projects on the map and in a list beside it, by
 * state (idle, ringing, in call, offline; ringing first and blinking), the calls ringing or in progress
 * on top (接听 on the ringing ones), and 呼叫 on idle online boxes. Answering and calling go to the
 * shell's alarm receiver. The boxes, the map and the calls are read every 2 s while the page is
 * visible. The map frames the located boxes when they first arrive, so every box it counts is drawn.
 */
export function MonitorPage() {
  const t = alarmboxTexts.useTexts();
  const locale = useLocale();
  const list = useBoxListState();
  const { state } = list;
  const boxes = useLiveBoxes(state);
  const map = useLiveBoxMap(state);
  const calls = useLiveCalls();
  const { areas, centre } = useProjectMap(state.projectId);
  const { actions, dialog } = useBoxActions();
  const columns = useBoxColumns(actions, false);
  const [clicked, setClicked] = useState<number | null>(null);

  const sortedQuery = useMemo(
    () =>
      boxes.data ? { ...boxes, data: { ...boxes.data, list: boxes.data.list.toSorted(byUrgency) } } : boxes,
    [boxes],
  );
  const shown = useMemo(() => map.data?.list ?? [], [map.data]);
  const markers = useMemo<MapDeviceMarker[]>(
    () =>
      shown.flatMap((box) =>
        box.lng === null || box.lat === null
          ? []
          : [
              {
                id: box.id,
                lng: box.lng,
                lat: box.lat,
                text: box.devName,
                color: BOX_STATE_COLOURS[box.state],
              },
            ],
      ),
    [shown],
  );
  const clickedBox = shown.find((box) => box.id === clicked) ?? null;

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <BoxSearchBar list={list} />
      <div style={{ height: 12 }} />
      <LiveCalls calls={calls.data ?? []} readAt={calls.dataUpdatedAt} />
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text data-testid="map-count">
              {t('onMap', { shown: markers.length, total: map.data?.total ?? 0 })}
            </Typography.Text>
            {BOX_STATE_CODES.map((code) => (
              <Tag key={code} color={BOX_STATE_COLOURS[code]}>
                {boxStateName(code, locale)}
              </Tag>
            ))}
          </Space>
          <CityMap
            key={String(state.projectId)}
            center={centre}
            areas={areas}
            markers={markers}
            frameMarkers
            onMarkerClick={(marker) => setClicked(Number(marker.id))}
            style={{ height: 560 }}
          />
          {clickedBox && (
            <Alert
              style={{ marginTop: 8 }}
              data-testid="clicked-box"
              closable={{ onClose: () => setClicked(null) }}
              message={
                <Space wrap>
                  <Typography.Text strong>{clickedBox.devName}</Typography.Text>
                  <BoxStateTag state={clickedBox.state} />
                  <Typography.Text type="secondary">{clickedBox.address}</Typography.Text>
                  {actions(clickedBox)}
                </Space>
              }
            />
          )}
        </Col>
        <Col xs={24} lg={11}>
          <DataTable
            tableKey={ALARM_PAGES.monitor}
            title={<Typography.Text strong>{t('boxes')}</Typography.Text>}
            rowKey="id"
            columns={columns}
            query={sortedQuery}
            list={list}
            tableProps={{ rowClassName: ringingRowClass, size: 'small' }}
          />
        </Col>
      </Row>
      {dialog}
    </Card>
  );
}
