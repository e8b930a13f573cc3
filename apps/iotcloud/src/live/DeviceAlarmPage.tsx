import { Card, Form, Input } from 'antd';
import {
  nameOptions,
  ALARM_LEVEL_NAMES,
  ALARM_STATE_NAMES,
  ALARM_STATES,
  EVENT_LEVELS,
  DEVICE_ALARM_PAGE_TYPES,
  LAMP_ALARM_PAGE,
  LOOP_ALARM_PAGE,
  WELL_LID_ALARM_PAGE,
  alarmListRequestSchema,
  chinaDateTime,
  deviceAlarmEndpoints,
  type AlarmListRequest,
  type DeviceAlarmRow,
  alarmTitle,
} from '@cityops/contract';
import {
  AlarmLevelTag,
  AlarmStateTag,
  ChoiceFilterItem,
  DataTable,
  SearchBar,
  useListState,
  usePageQuery,
  type CrudColumn,
} from '@cityops/crud';
import { useLocale } from '../assets/shared';
import { liveTexts } from './texts';

/** The pages of one device type's alarm records. */
type RecordPage = typeof WELL_LID_ALARM_PAGE | typeof LAMP_ALARM_PAGE | typeof LOOP_ALARM_PAGE;

/**
 * A device page's alarm records: the alarms of one device type, read from
 * the alarm engine, filtered by state, level and keyword, newest first; states and levels by §4's
 * names. Handling them is the alarm pages' (omapp 告警列表); the server shows a user who reads alarms
 * only through these pages only their types.
 */
function DeviceAlarmPage({ page }: { page: RecordPage }) {
  const t = liveTexts.useTexts();
  const locale = useLocale();
  const list = useListState(alarmListRequestSchema);
  const [typeCode] = DEVICE_ALARM_PAGE_TYPES[page];
  const request: AlarmListRequest = { ...list.state, typeCode };
  const query = usePageQuery(deviceAlarmEndpoints.page, request);
  const columns: CrudColumn<DeviceAlarmRow>[] = [
    { key: 'deviceName', title: t('name') },
    { key: 'title', title: t('title'), render: (_, row) => alarmTitle(row, locale) },
    {
      key: 'level',
      title: t('level'),
      render: (_, row) => <AlarmLevelTag level={row.level} />,
    },
    {
      key: 'state',
      title: t('alarmState'),
      render: (_, row) => <AlarmStateTag state={row.state} />,
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
        <ChoiceFilterItem
          name="state"
          label={t('alarmState')}
          allLabel={t('all')}
          width={130}
          options={nameOptions(ALARM_STATE_NAMES, ALARM_STATES, locale)}
        />
        <ChoiceFilterItem
          name="level"
          label={t('level')}
          allLabel={t('all')}
          width={110}
          options={nameOptions(ALARM_LEVEL_NAMES, EVENT_LEVELS, locale)}
        />
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      <DataTable tableKey={page} rowKey="alarmId" columns={columns} query={query} list={list} />
    </Card>
  );
}

/** 井盖告警记录: the well lids' alarms. */
export const WellLidAlarmPage = () => <DeviceAlarmPage page={WELL_LID_ALARM_PAGE} />;
/** 路灯告警记录: the lamp controllers' alarms. */
export const LampAlarmPage = () => <DeviceAlarmPage page={LAMP_ALARM_PAGE} />;
/** 回路告警: the loop controllers' alarms. */
export const LoopAlarmPage = () => <DeviceAlarmPage page={LOOP_ALARM_PAGE} />;
