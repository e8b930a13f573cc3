import { useMemo } from 'react';
import { Card, Segmented, Space, Tag, Tooltip } from 'antd';
import {
  ALARM_FEED_PATH,
  alarmFeedServerFrameSchema,
  alarmTitle,
  DEVICE_TYPES,
  LID_STATES,
  lidStatesOf,
  TYPE_WELL_LID,
  WELL_LID_MONITOR_PAGE,
  deviceAlarmEndpoints,
  telemetryEndpoints,
  wellLidListRequestSchema,
  type LidState,
  type LiveDevice,
  type LiveWellLid,
} from '@cityops/contract';
import { jsonFrames } from '@cityops/client';
import {
  DataTable,
  type CrudColumn,
  LiveBadge,
  endpointKey,
  useCrud,
  useFollowingSocket,
  useListState,
  usePageQuery,
} from '@cityops/crud';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LiveStyle, useProductProperties } from './thingModels';
import { liveTexts } from './texts';
import { useLiveDevices } from './useLiveDevices';
import { LiveSearchBar, deviceColumns, deviceRow, valueColumn, valuesAtColumn } from './useLiveList';

const NO_ROWS: LiveWellLid[] = [];

const STATE_COLORS: Record<LidState, string> = {
  normal: 'success',
  tilted: 'error',
  lowBattery: 'warning',
  offline: 'default',
};

const parseFeedFrame = jsonFrames(alarmFeedServerFrameSchema);

/** Open alarms read per call for the markers: the largest page. */
const OPEN_ALARMS_PAGE = 100;
/** A page of 100 devices with a few open alarms each is a few pages; never more than this. */
const OPEN_ALARMS_PAGES_MAX = 10;

/**
 * The open alarms (waiting, confirmed, work order) of the devices on the page, by device, for the
 * markers (quietly none without a device alarm page): every page of them, so a device whose alarm is
 * not among the newest 100 is still marked. Read again when the alarm feed, which follows the devices
 * on the page, says one of their alarms opened or changed.
 */
function useOpenAlarms(deviceIds: readonly number[], locale: string) {
  const { http } = useCrud();
  const request = { deviceIds: [...deviceIds], openOnly: true, pageSize: OPEN_ALARMS_PAGE };
  const alarms = useQuery({
    queryKey: endpointKey(deviceAlarmEndpoints.page, request),
    queryFn: async ({ signal }) => {
      const read = (pageNum: number) =>
        http.call(deviceAlarmEndpoints.page, { body: { ...request, pageNum }, quiet: true, signal });
      const first = await read(1);
      const pages = Math.min(Math.ceil(first.total / OPEN_ALARMS_PAGE), OPEN_ALARMS_PAGES_MAX);
      const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => read(i + 2)));
      return [first, ...rest].flatMap((page) => page.list);
    },
    enabled: deviceIds.length > 0,
  });
  const { refetch } = alarms;
  useFollowingSocket({
    path: ALARM_FEED_PATH,
    parse: parseFeedFrame,
    deviceIds,
    onFrame: (frame) => {
      if (frame.type === 'devices') void refetch();
    },
  });
  return useMemo(() => {
    const open = new Map<number, string[]>();
    for (const alarm of alarms.data ?? [])
      open.set(alarm.deviceId, [...(open.get(alarm.deviceId) ?? []), alarmTitle(alarm, locale)]);
    return open;
  }, [alarms.data, locale]);
}

/**
 * 异常监测: the well lids with their base stations and repeaters, their tilt, battery,
 * signal and online state live from the socket, markers on devices with open alarms, and a filter by
 * state (normal, tilted, low battery, offline; contract LID_STATES) that the server applies, so the
 * pager counts the lids in that state. Each row's tags are read by its product's threshold rules
 * (the row's `limits`), again as pushed values change.
 */
export function WellLidMonitorPage() {
  const t = liveTexts.useTexts();
  const { i18n } = useTranslation();
  // The state filter is part of the request: the server pages and counts the lids in that state.
  const list = useListState(wellLidListRequestSchema);
  const query = usePageQuery(telemetryEndpoints.liveWellLids, list.state);
  const rows = query.data?.list ?? NO_ROWS;
  const deviceIds = useMemo(() => rows.map((row) => row.deviceId), [rows]);
  const live = useLiveDevices(telemetryEndpoints.liveWellLids, deviceIds);
  const propertiesOf = useProductProperties(
    useMemo(() => rows.map((row) => row.productId), [rows]),
    TYPE_WELL_LID,
  );
  const openAlarms = useOpenAlarms(deviceIds, i18n.language);

  const title = (identifier: string, fallback: string) => {
    const info = propertiesOf(undefined, TYPE_WELL_LID).get(identifier);
    const unit = info && 'unit' in info.spec ? info.spec.unit : '';
    return unit ? `${fallback}(${unit})` : fallback;
  };
  // The shared live columns are typed by the live row; the table's rows are this page's (with `limits`).
  const columns: CrudColumn<LiveDevice>[] = [
    ...deviceColumns(t),
    {
      key: 'typeCode',
      title: t('deviceType'),
      render: (_, row) => DEVICE_TYPES[row.typeCode][i18n.language === 'en-US' ? 1 : 0],
    },
    {
      key: 'state',
      title: t('state'),
      render: (_, row) => {
        const states = lidStatesOf(row as LiveWellLid);
        return (
          <Space size={4} data-states={states.join(' ')}>
            {states.map((state) => (
              <Tag key={state} color={STATE_COLORS[state]}>
                {t(`lidState.${state}`)}
              </Tag>
            ))}
            {openAlarms.has(row.deviceId) && (
              <Tooltip title={openAlarms.get(row.deviceId)?.join('、')}>
                <Tag color="red" aria-label={t('openAlarm')}>
                  {t('alarm')}
                </Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    valueColumn('tilt', title('tilt', t('tilt')), propertiesOf, live.flashes),
    valueColumn('battery', title('battery', t('battery')), propertiesOf, live.flashes),
    valueColumn('signal', title('signal', t('signal')), propertiesOf, live.flashes),
    valueColumn('linked', t('linked'), propertiesOf, live.flashes),
    valuesAtColumn(t),
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <LiveStyle />
      <LiveSearchBar list={list} />
      <DataTable
        tableKey={WELL_LID_MONITOR_PAGE}
        rowKey="deviceId"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          <Space>
            <Segmented<LidState | 'all'>
              value={list.state.lidState ?? 'all'}
              onChange={(shown) => list.update({ lidState: shown === 'all' ? undefined : shown })}
              options={[
                { value: 'all', label: t('all') },
                ...LID_STATES.map((state) => ({ value: state, label: t(`lidState.${state}`) })),
              ]}
            />
            <LiveBadge state={live.state} />
          </Space>
        }
        tableProps={{ onRow: deviceRow }}
      />
    </Card>
  );
}
