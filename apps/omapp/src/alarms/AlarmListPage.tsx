import { useCallback, useState } from 'react';
import { Alert, Card, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import {
  nameOptions,
  deviceTypeName,
  ALARM_HISTORY_PAGE,
  ALARM_HISTORY_PAGE_BUTTONS,
  ALARM_LEVEL_NAMES,
  ALARM_LEVELS,
  ALARM_PAGE,
  ALARM_PAGE_BUTTONS,
  ALARM_STATE_NAMES,
  CLOSED_ALARM_STATES,
  DEVICE_TYPE_CODES,
  MANUAL_ALARM_ACTIONS,
  OPEN_ALARM_STATES,
  WARNING_BUTTONS,
  WARNING_HISTORY_BUTTONS,
  WARNING_HISTORY_PAGE,
  WARNING_PAGE,
  alarmListRequestSchema,
  canMoveAlarm,
  type AlarmKind,
  type AlarmLevel,
  type AlarmRow,
  type AlarmState,
  type DeviceType,
  type HandleResult,
  type ManualAlarmAction,
  alarmTitle,
} from '@cityops/contract';
import {
  AlarmLevelTag,
  AlarmStateTag,
  AreaNodeSelect,
  ChoiceFilterItem,
  crudTexts,
  DataTable,
  momentFilterOf,
  MomentRangeItem,
  momentRangeOf,
  ProjectFilterItem,
  ProjectScopedItem,
  RowActions,
  SearchBar,
  useCrud,
  useListState,
  useOpenedRecord,
  usePageQuery,
  type BatchAction,
  type CrudColumn,
  type MomentRange,
  LiveBadge,
} from '@cityops/crud';
import { ExportButton, openConfirm, showMessage, useCan } from '@cityops/ui';
import { AlarmDetailDrawer } from './AlarmDetailDrawer';
import { HandleDialog, type DialogAction } from './HandleDialog';
import { useHandleAlarms } from './queries';
import { endpointsOf, listTime, useDurationText, useLocale } from './shared';
import { playAlarmSound, useSoundSetting } from './sound';
import { useAlarmFeed, type RaisedFrame } from './useAlarmFeed';
import { alarmTexts } from './texts';

interface Filters {
  projectId?: number;
  areaId?: number;
  level?: AlarmLevel;
  state?: AlarmState;
  typeCode?: DeviceType;
  title?: string;
  range?: MomentRange;
  keyword?: string;
}

export interface AlarmListPageProps {
  kind: AlarmKind;
  /** open: alarmList / ewInfoList, handled there, live; closed: historyList / ewInfoHisList, durations. */
  list: 'open' | 'closed';
}

const PAGES = {
  alarm: {
    open: { page: ALARM_PAGE, buttons: ALARM_PAGE_BUTTONS },
    closed: { page: ALARM_HISTORY_PAGE, buttons: ALARM_HISTORY_PAGE_BUTTONS },
  },
  warning: {
    open: { page: WARNING_PAGE, buttons: WARNING_BUTTONS },
    closed: { page: WARNING_HISTORY_PAGE, buttons: WARNING_HISTORY_BUTTONS },
  },
} as const;

/**
 * Whether an operator may choose `action` for an alarm in `state`: a change the table allows, from a
 * state an operator acts on (contract states.ts: "By hand: the manual actions from waiting or
 * confirmed"). work_order → confirmed is the engine's, when the linked order is cancelled.
 */
export const canHandle = (state: AlarmState, action: ManualAlarmAction): boolean =>
  (state === 'waiting' || state === 'confirmed') && canMoveAlarm(state, action);

/** A dialog being filled, and how its batch ends (so the table keeps or clears its choice). */
interface Dialog {
  action: DialogAction;
  rows: AlarmRow[];
  settle?: { resolve(): void; reject(): void };
}

/** The refusals of the last batch, kept on the page until closed. */
interface Refusals {
  done: number;
  items: { alarmId: number; name: string; reason: string }[];
}

/**
 * 告警列表 / 预警信息 (open) and 历史告警 / 历史预警 (closed): one list for the four pages.
 * The open lists are handled there (确认, 转工单, 转无效, one or a batch, for holders of the page's
 * handle button, offered only from states that allow it) and follow the alarm feed: a new alarm
 * appears without a reload and sounds by its level (switchable). The closed lists show how long each
 * alarm lasted. Both search by project, level, state, device type, type name, time and keyword, export
 * by button, and open an alarm's detail.
 */
export function AlarmListPage({ kind, list: which }: AlarmListPageProps) {
  const t = alarmTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const endpoints = endpointsOf(kind);
  const open = which === 'open';
  const { page: tableKey, buttons } = PAGES[kind][which];
  const list = useListState(alarmListRequestSchema);
  const query = usePageQuery(open ? endpoints.page : endpoints.history, list.state);
  const handle = useHandleAlarms(kind);
  const duration = useDurationText();
  const can = {
    handle: useCan('handle' in buttons ? buttons.handle : buttons.export) && open,
    export: useCan(buttons.export),
  };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [refusals, setRefusals] = useState<Refusals | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  // A message's link to one alarm opens its detail.
  useOpenedRecord(setDetailId);
  const [sound, setSound] = useSoundSetting(kind);

  const onRaised = useCallback(
    (frame: RaisedFrame) => {
      if (sound) playAlarmSound(frame.level);
    },
    [sound],
  );
  const feed = useAlarmFeed(kind, open ? onRaised : undefined);

  const { state } = list;
  const { pageNum: _page, pageSize: _size, ...selection } = state;
  const filters: Filters = {
    projectId: state.projectId,
    areaId: state.areaId,
    level: state.level,
    state: state.state,
    typeCode: state.typeCode,
    title: state.title,
    range: momentRangeOf(state.from, state.to),
    keyword: state.keyword,
  };

  /** What the server answered: done, and each alarm it refused with the reason (a batch's others moved). */
  const report = (result: HandleResult) => {
    if (result.refused.length === 0) {
      setRefusals(null);
      showMessage('SUCCESS', t('handled'));
      return;
    }
    const rows = query.data?.list ?? [];
    const nameOf = (alarmId: number) => rows.find((row) => row.alarmId === alarmId)?.deviceName ?? '';
    setRefusals({
      done: result.done.length,
      items: result.refused.map(({ alarmId, reason }) => ({ alarmId, name: nameOf(alarmId), reason })),
    });
    showMessage('WARN', t('someRefused', { done: result.done.length, refused: result.refused.length }));
  };

  /** 确认 needs no more than a yes. */
  const confirm = async (rows: AlarmRow[]) => {
    const first = rows[0];
    if (!first) return false;
    const yes = await openConfirm({
      title: crud('confirmTitle'),
      content:
        rows.length === 1
          ? t('confirmOne', { name: first.deviceName })
          : t('confirmContent', { count: rows.length }),
      okText: crud('ok'),
      cancelText: crud('cancel'),
    });
    if (!yes) return false;
    try {
      report(await handle.mutateAsync({ alarmIds: rows.map((row) => row.alarmId), action: 'confirmed' }));
      return true;
    } catch {
      // The HTTP client has shown the server's reason (e.g. someone else handled it first).
      return false;
    }
  };

  const act = (action: ManualAlarmAction, rows: AlarmRow[]): Promise<unknown> =>
    action === 'confirmed'
      ? confirm(rows).then((done) => (done ? undefined : Promise.reject(new Error('not done'))))
      : new Promise<void>((resolve, reject) =>
          setDialog({ action, rows, settle: { resolve, reject: () => reject(new Error('cancelled')) } }),
        );

  const ACTION_LABELS: Record<ManualAlarmAction, string> = {
    confirmed: t('confirm'),
    work_order: t('toWorkOrder'),
    invalid: t('toInvalid'),
  };
  const BATCH_LABELS: Record<ManualAlarmAction, string> = {
    confirmed: t('batchConfirm'),
    work_order: t('batchWorkOrder'),
    invalid: t('batchInvalid'),
  };

  const columns: CrudColumn<AlarmRow>[] = [
    { key: 'deviceName', title: t('device') },
    { key: 'deviceKey', title: t('deviceKey'), defaultHidden: true },
    { key: 'typeCode', title: t('deviceType'), render: (_, row) => deviceTypeName(row.typeCode, locale) },
    {
      key: 'title',
      title: kind === 'alarm' ? t('title') : t('titleWarning'),
      render: (_, row) => alarmTitle(row, locale),
    },
    {
      key: 'level',
      title: t('level'),
      sortField: 'level',
      render: (_, row) => <AlarmLevelTag level={row.level} />,
    },
    {
      key: 'state',
      title: t('state'),
      render: (_, row) => (
        <Space size={4}>
          <AlarmStateTag state={row.state} />
          {row.recoveredAt !== null && <Tag color="green">{t('recovered')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'value',
      title: t('value'),
      defaultHidden: true,
      render: (_, row) => (row.value === null ? t('noValue') : String(row.value)),
    },
    { key: 'count', title: t('count'), sortField: 'count' },
    { key: 'firstAt', title: t('firstAt'), sortField: 'firstAt', render: (_, row) => listTime(row.firstAt) },
    { key: 'lastAt', title: t('lastAt'), sortField: 'lastAt', render: (_, row) => listTime(row.lastAt) },
    ...(open
      ? []
      : [
          {
            key: 'closedAt',
            title: t('closedAt'),
            sortField: 'closedAt',
            render: (_: unknown, row: AlarmRow) => listTime(row.closedAt),
          },
          {
            key: 'duration',
            title: t('duration'),
            render: (_: unknown, row: AlarmRow) => duration(row.firstAt, row.closedAt),
          },
        ]),
    { key: 'projectName', title: t('project') },
    { key: 'areaName', title: t('area'), defaultHidden: true, render: (_, row) => row.areaName ?? '' },
    { key: 'address', title: t('address'), ellipsis: true, defaultHidden: true },
    { key: 'handledBy', title: t('handledBy'), defaultHidden: true, render: (_, row) => row.handledBy ?? '' },
    { key: 'workOrderNo', title: t('workOrder'), render: (_, row) => row.workOrderNo ?? '' },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('detail'), onClick: () => setDetailId(row.alarmId) },
            ...MANUAL_ALARM_ACTIONS.map((action) => ({
              key: action,
              label: ACTION_LABELS[action],
              danger: action === 'invalid',
              hidden: !can.handle || !canHandle(row.state, action),
              onClick: () => void act(action, [row]).catch(() => undefined),
            })),
          ]}
        />
      ),
    },
  ];

  const batchActions: BatchAction<AlarmRow, 'alarmId'>[] = can.handle
    ? MANUAL_ALARM_ACTIONS.map((action) => ({
        key: action,
        label: BATCH_LABELS[action],
        run: (_keys, rows) => act(action, rows),
      }))
    : [];

  const states = open ? OPEN_ALARM_STATES : CLOSED_ALARM_STATES;

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<Filters>
        values={filters}
        onSearch={({ range, ...values }) => list.update({ ...values, ...momentFilterOf(range) })}
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        <ProjectScopedItem name="areaId" label={t('area')}>
          {(projectId) => (
            <AreaNodeSelect projectId={projectId} placeholder={t('all')} style={{ width: 160 }} />
          )}
        </ProjectScopedItem>
        <ChoiceFilterItem
          name="level"
          label={t('level')}
          allLabel={t('all')}
          width={110}
          options={nameOptions(ALARM_LEVEL_NAMES, ALARM_LEVELS, locale)}
        />
        <ChoiceFilterItem
          name="state"
          label={t('state')}
          allLabel={t('all')}
          width={120}
          options={nameOptions(ALARM_STATE_NAMES, states, locale)}
        />
        <Form.Item name="typeCode" label={t('deviceType')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('all')}
            style={{ width: 160 }}
            options={DEVICE_TYPE_CODES.map((code) => ({ value: code, label: deviceTypeName(code, locale) }))}
          />
        </Form.Item>
        <Form.Item name="title" label={kind === 'alarm' ? t('title') : t('titleWarning')}>
          <Input allowClear maxLength={30} placeholder={t('titleHint')} style={{ width: 160 }} />
        </Form.Item>
        <MomentRangeItem label={t('timeRange')} />
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} placeholder={t('keywordHint')} style={{ width: 180 }} />
        </Form.Item>
      </SearchBar>
      {refusals && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefusals(null) }}
          style={{ marginBottom: 12 }}
          title={t('someRefused', { done: refusals.done, refused: refusals.items.length })}
          description={
            <div role="list" aria-label={t('refusedTitle')}>
              {refusals.items.map((item) => (
                <div role="listitem" key={item.alarmId}>
                  {t('refusedItem', { id: item.alarmId, name: item.name, reason: item.reason })}
                </div>
              ))}
            </div>
          }
        />
      )}
      <DataTable
        tableKey={tableKey}
        rowKey="alarmId"
        columns={columns}
        query={query}
        list={list}
        batchActions={batchActions}
        tableProps={{
          // A click on the row opens its detail; not one on its check box or its buttons.
          onRow: (row) => ({
            onClick: (event) => {
              const target = event.target as HTMLElement;
              if (target.closest('button, a, input, label, .ant-table-selection-column')) return;
              setDetailId(row.alarmId);
            },
            style: { cursor: 'pointer' },
          }),
        }}
        toolbar={
          <>
            {can.export && (
              <ExportButton
                download={(onProgress) =>
                  http.download(open ? endpoints.export : endpoints.historyExport, {
                    body: selection,
                    onProgress,
                  })
                }
              />
            )}
            {open && (
              <Space size={16} style={{ marginLeft: 8 }}>
                <Space size={6}>
                  <Typography.Text type="secondary">{t('sound')}</Typography.Text>
                  <Switch
                    size="small"
                    checked={sound}
                    aria-label={t('sound')}
                    checkedChildren={t('soundOn')}
                    unCheckedChildren={t('soundOff')}
                    onChange={setSound}
                  />
                </Space>
                <LiveBadge state={feed} />
              </Space>
            )}
          </>
        }
      />
      {dialog && (
        <HandleDialog
          kind={kind}
          action={dialog.action}
          rows={dialog.rows}
          onDone={(result) => {
            dialog.settle?.resolve();
            setDialog(null);
            report(result);
          }}
          onCancel={() => {
            dialog.settle?.reject();
            setDialog(null);
          }}
        />
      )}
      {detailId !== null && (
        <AlarmDetailDrawer kind={kind} alarmId={detailId} onClose={() => setDetailId(null)} />
      )}
    </Card>
  );
}
