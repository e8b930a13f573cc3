import { Card, Form, Input, Select, Tag } from 'antd';
import {
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  ALARM_STATES,
  EVENT_LEVELS,
  TYPE_WELL_LID,
  WELL_LID_ALARM_PAGE,
  alarmListRequestSchema,
  chinaDateTime,
  deviceAlarmEndpoints,
  nameOf,
  type AlarmListRequest,
  type DeviceAlarmRow,
} from '@cityops/contract';
import { DataTable, SearchBar, useListState, usePageQuery, type CrudColumn } from '@cityops/crud';
import { useLocale } from '../assets/shared';
import { liveTexts } from './texts';

const LEVEL_COLORS = { error: 'red', common: 'orange', tips: 'blue' } as const;

/**
 * 井盖告警记录 (issue 15 §6): the alarms of well lids (type 0501, fixed), filtered by state, level and
 * keyword, newest first; states and levels by §4's names. Handling the alarms is the alarm pages' (a
 * later issue).
 */
export function WellLidAlarmPage() {
  const t = liveTexts.useTexts();
  const locale = useLocale();
  const list = useListState(alarmListRequestSchema);
  const request: AlarmListRequest = { ...list.state, typeCode: TYPE_WELL_LID };
  const query = usePageQuery(deviceAlarmEndpoints.page, request);
  const columns: CrudColumn<DeviceAlarmRow>[] = [
    { key: 'deviceName', title: t('name') },
    { key: 'title', title: t('title') },
    {
      key: 'level',
      title: t('level'),
      render: (_, row) => (
        <Tag color={LEVEL_COLORS[row.level]}>{nameOf(ALARM_LEVEL_NAMES, row.level, locale)}</Tag>
      ),
    },
    {
      key: 'state',
      title: t('alarmState'),
      render: (_, row) => nameOf(ALARM_STATE_NAMES, row.state, locale),
    },
    {
      key: 'value',
      title: t('value'),
      render: (_, row) => (row.value === null ? t('noValue') : String(row.value)),
    },
    { key: 'count', title: t('count') },
    {
      key: 'firstAt',
      title: t('firstAt'),
      sortField: 'firstAt',
      render: (_, row) => chinaDateTime(row.firstAt),
    },
    { key: 'lastAt', title: t('lastAt'), sortField: 'lastAt', render: (_, row) => chinaDateTime(row.lastAt) },
    {
      key: 'recoveredAt',
      title: t('recoveredAt'),
      render: (_, row) => (row.recoveredAt ? chinaDateTime(row.recoveredAt) : t('noValue')),
    },
  ];
  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar
        values={{ state: list.state.state, level: list.state.level, keyword: list.state.keyword }}
        onSearch={(values) => list.update(values)}
        onReset={list.reset}
      >
        <Form.Item name="state" label={t('alarmState')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 130 }}
            options={ALARM_STATES.map((state) => ({
              value: state,
              label: nameOf(ALARM_STATE_NAMES, state, locale),
            }))}
          />
        </Form.Item>
        <Form.Item name="level" label={t('level')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={EVENT_LEVELS.map((level) => ({
              value: level,
              label: nameOf(ALARM_LEVEL_NAMES, level, locale),
            }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={WELL_LID_ALARM_PAGE}
        rowKey="alarmId"
        columns={columns}
        query={query}
        list={list}
      />
    </Card>
  );
}
