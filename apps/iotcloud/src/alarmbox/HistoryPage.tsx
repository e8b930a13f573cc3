import { useMemo, useState } from 'react';
import { Card, Form, Input, Select, Tag } from 'antd';
import {
  ALARM_HISTORY_BUTTONS,
  ALARM_PAGES,
  alarmBoxPlace,
  alarmCallEndpoints,
  alarmCallExport,
  alarmCallListRequestSchema,
  type AlarmCallRow,
  type CallEndReason,
  type VideoDevice,
} from '@cityops/contract';
import {
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
  usePageQuery,
  type CrudColumn,
  type MomentRange,
} from '@cityops/crud';
import { ExportButton, useCan } from '@cityops/ui';
import { createVideoSources, VideoDialog } from '@cityops/video';
import { useLocale } from '../assets/shared';
import { BoxSelect } from './BoxSelect';
import { callPlayback } from './playback';
import { endReasonChoices, endReasonName } from './shared';
import { alarmboxTexts } from './texts';

const OUTCOMES = ['answered', 'missed', 'ongoing'] as const;
type Outcome = (typeof OUTCOMES)[number];

interface Filters {
  projectId?: number;
  devId?: number;
  outcome?: Outcome;
  endReason?: CallEndReason;
  range?: MomentRange;
  keyword?: string;
}

const NO_DEVICES: VideoDevice[] = [];

/**
 * 报警历史: the call records of the user's projects (project, box, outcome, end reason,
 * time and keyword filters; the box is chosen from the monitor's list, so only for holders of an
 * answering page: `canListBoxes`), exported by `history_export`, each with 录像回放: the box camera's
 * recording from 30 s before the press to 30 s after the end, in the platform's playback player.
 */
export function HistoryPage({ canListBoxes = false }: { canListBoxes?: boolean }) {
  const t = alarmboxTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const { http } = useCrud();
  const sources = useMemo(() => createVideoSources(http), [http]);
  const list = useListState(alarmCallListRequestSchema);
  const query = usePageQuery(alarmCallEndpoints.history, list.state);
  const canExport = useCan(ALARM_HISTORY_BUTTONS.export);
  const [playing, setPlaying] = useState<{ title: string; devices: VideoDevice[] } | null>(null);
  const { state } = list;
  const { pageNum: _page, pageSize: _size, ...selection } = state;
  const filters: Filters = {
    projectId: state.projectId,
    devId: state.devId,
    outcome: state.outcome,
    endReason: state.endReason,
    range: momentRangeOf(state.from, state.to),
    keyword: state.keyword,
  };

  const play = (row: AlarmCallRow) => {
    const device = callPlayback(row, Date.now());
    if (device) setPlaying({ title: t('playbackOf', { name: row.deviceDto.devName }), devices: [device] });
  };

  const columns: CrudColumn<AlarmCallRow>[] = [
    { key: 'box', title: t('box'), render: (_, row) => row.deviceDto.devName },
    {
      key: 'controlCode',
      title: t('controlCode'),
      defaultHidden: true,
      render: (_, row) => row.deviceDto.controlCode ?? '',
    },
    {
      key: 'place',
      title: t('place'),
      ellipsis: true,
      render: (_, row) => alarmBoxPlace(row.deviceDto),
    },
    { key: 'happenTime', title: t('pressedAt'), sortField: 'happenTime' },
    { key: 'answeredBy', title: t('answeredBy'), render: (_, row) => row.answeredBy?.name ?? '' },
    { key: 'notifyTime', title: t('answeredAt'), render: (_, row) => row.notifyTime ?? '' },
    { key: 'ringSeconds', title: t('ringSeconds') },
    {
      key: 'talkSeconds',
      title: t('talkSeconds'),
      sortField: 'talkSeconds',
      render: (_, row) => row.talkSeconds ?? '',
    },
    { key: 'endTime', title: t('endedAt'), render: (_, row) => row.endTime ?? '' },
    {
      key: 'endReason',
      title: t('endReason'),
      render: (_, row) => (row.endReason ? endReasonName(row.endReason, locale) : <Tag>{t('ongoing')}</Tag>),
    },
    {
      key: 'outgoing',
      title: t('direction'),
      render: (_, row) => (
        <Tag color={row.outgoing ? 'blue' : 'orange'}>{row.outgoing ? t('outgoing') : t('incoming')}</Tag>
      ),
    },
    {
      key: 'actions',
      title: crud('actions'),
      fixed: true,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'playback',
              label: t('playback'),
              hidden: row.deviceDto.camera === null,
              onClick: () => play(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" style={{ margin: 16 }}>
      <SearchBar<Filters>
        values={filters}
        onSearch={({ range, ...values }) => list.update({ ...values, ...momentFilterOf(range) })}
        onReset={list.reset}
      >
        <ProjectFilterItem label={t('project')} allLabel={t('all')} />
        {canListBoxes && (
          <ProjectScopedItem name="devId" label={t('box')}>
            {(projectId) => <BoxSelect projectId={projectId} placeholder={t('all')} style={{ width: 200 }} />}
          </ProjectScopedItem>
        )}
        <Form.Item name="outcome" label={t('outcome')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 110 }}
            options={OUTCOMES.map((value) => ({ value, label: t(value) }))}
          />
        </Form.Item>
        <Form.Item name="endReason" label={t('endReason')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 140 }}
            options={endReasonChoices(locale)}
          />
        </Form.Item>
        <MomentRangeItem label={t('timeRange')} />
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={50} placeholder={t('historyKeywordHint')} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <DataTable
        tableKey={ALARM_PAGES.history}
        rowKey="id"
        columns={columns}
        query={query}
        list={list}
        toolbar={
          canExport && (
            <ExportButton
              download={(onProgress) => http.download(alarmCallExport, { body: selection, onProgress })}
            />
          )
        }
      />
      <VideoDialog
        open={playing !== null}
        onClose={() => setPlaying(null)}
        devices={playing?.devices ?? NO_DEVICES}
        title={playing?.title}
        mode="playback"
        hikSource={sources.hik}
        iccSource={sources.icc}
      />
    </Card>
  );
}
