import { useMemo, useState } from 'react';
import { Card, Segmented, Space, Tag, Tooltip } from 'antd';
import {
  DEMO_PRODUCT_KEYS,
  DEMO_RULES,
  DEVICE_TYPES,
  TYPE_WELL_LID,
  WELL_LID_MONITOR_PAGE,
  deviceAlarmEndpoints,
  telemetryEndpoints,
  type LiveDevice,
  type Page,
} from '@cityops/contract';
import { DataTable, type CrudColumn, LiveBadge } from '@cityops/crud';
import { useQuery } from '@tanstack/react-query';
import { useCrud } from '@cityops/crud';
import { useTranslation } from 'react-i18next';
import { LiveStyle } from './thingModels';
import { liveTexts } from './texts';
import {
  LiveSearchBar,
  deviceColumns,
  deviceRow,
  useLiveList,
  valueColumn,
  valuesAtColumn,
} from './useLiveList';

export const LID_STATES = ['normal', 'tilted', 'lowBattery', 'offline'] as const;
export type LidState = (typeof LID_STATES)[number];

/** The thresholds of the well-lid rules (tilt above, battery below), as the demo rules set them. */
const threshold = (identifier: string, fallback: number) =>
  DEMO_RULES.find(
    ([product, , property]) => product === DEMO_PRODUCT_KEYS.lid && property === identifier,
  )?.[4] ?? fallback;
const TILT_LIMIT = threshold('tilt', 15);
const BATTERY_LOW = threshold('battery', 20);

/** The states of a device of the page: offline, tilted, low battery, or normal when none holds. */
export function lidStates(row: LiveDevice): LidState[] {
  const states: LidState[] = [];
  if (!row.online) states.push('offline');
  const { tilt, battery } = row.values;
  if (typeof tilt === 'number' && tilt > TILT_LIMIT) states.push('tilted');
  if (typeof battery === 'number' && battery < BATTERY_LOW) states.push('lowBattery');
  return states.length === 0 ? ['normal'] : states;
}

const STATE_COLORS: Record<LidState, string> = {
  normal: 'success',
  tilted: 'error',
  lowBattery: 'warning',
  offline: 'default',
};

/** The devices of the page with an alarm that waits for handling (quietly none without the alarm page). */
function useOpenAlarms(deviceIds: readonly number[]) {
  const { http } = useCrud();
  const body = { typeCode: TYPE_WELL_LID, state: 'waiting', pageNum: 1, pageSize: 100 } as const;
  const alarms = useQuery({
    queryKey: [deviceAlarmEndpoints.page.path, 'open', body],
    queryFn: ({ signal }) => http.call(deviceAlarmEndpoints.page, { body, quiet: true, signal }),
    enabled: deviceIds.length > 0,
    refetchInterval: 60_000,
  });
  return useMemo(() => {
    const open = new Map<number, string[]>();
    for (const alarm of alarms.data?.list ?? [])
      open.set(alarm.deviceId, [...(open.get(alarm.deviceId) ?? []), alarm.title]);
    return open;
  }, [alarms.data]);
}

/**
 * 异常监测 (issue 15 §6): the well lids with their base stations and repeaters, their tilt, battery,
 * signal and online state live from the socket, markers on devices with open alarms, and a filter by
 * state (normal, tilted, low battery, offline; tilt and battery by the well-lid rules' thresholds).
 */
export function WellLidMonitorPage() {
  const t = liveTexts.useTexts();
  const { i18n } = useTranslation();
  const { list, query, rows, live, propertiesOf } = useLiveList(
    telemetryEndpoints.liveWellLids,
    {},
    TYPE_WELL_LID,
  );
  const [shown, setShown] = useState<LidState | 'all'>('all');
  const openAlarms = useOpenAlarms(useMemo(() => rows.map((row) => row.deviceId), [rows]));
  // The state filter applies to the page of devices loaded (the server filters online state only).
  const filtered = useMemo(() => {
    if (!query.data || shown === 'all') return query;
    const page: Page<LiveDevice> = {
      ...query.data,
      list: query.data.list.filter((row) => lidStates(row).includes(shown)),
    };
    return { ...query, data: page } as typeof query;
  }, [query, shown]);

  const title = (identifier: string, fallback: string) => {
    const info = propertiesOf(undefined, TYPE_WELL_LID).get(identifier);
    const unit = info && 'unit' in info.spec ? info.spec.unit : '';
    return unit ? `${fallback}(${unit})` : fallback;
  };
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
      render: (_, row) => (
        <Space size={4} data-states={lidStates(row).join(' ')}>
          {lidStates(row).map((state) => (
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
      ),
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
        query={filtered}
        list={list}
        toolbar={
          <Space>
            <Segmented<LidState | 'all'>
              value={shown}
              onChange={setShown}
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
