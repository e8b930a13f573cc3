import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import {
  ALARM_MONITOR_BUTTONS,
  alarmBoxListRequestSchema,
  type AlarmBoxRow,
  type BoxState,
} from '@cityops/contract';
import {
  crudTexts,
  ProjectFilterItem,
  ProjectScopedItem,
  RowActions,
  SearchBar,
  useListState,
  type CrudColumn,
} from '@cityops/crud';
import { useCan } from '@cityops/ui';
import { AreaSelect, useLocale } from '../assets/shared';
import { BindCameraDialog, boxStateChoices, BoxStateTag, useAnswerAlarm } from './shared';
import { alarmboxTexts } from './texts';

interface BoxFilterValues {
  projectId?: number;
  areaId?: number;
  state?: BoxState;
  keyword?: string;
}

/** The boxes' list state in the address (project, area, state, keyword, page). */
export const useBoxListState = () => useListState(alarmBoxListRequestSchema);
type BoxList = ReturnType<typeof useBoxListState>;

/** The filters of both monitor pages: project, area of the project, state, keyword. */
export function BoxSearchBar({ list }: { list: BoxList }) {
  const t = alarmboxTexts.useTexts();
  const locale = useLocale();
  const { state } = list;
  return (
    <SearchBar<BoxFilterValues>
      values={{
        projectId: state.projectId,
        areaId: state.areaId,
        state: state.state,
        keyword: state.keyword,
      }}
      onSearch={(values) => list.update(values)}
      onReset={list.reset}
    >
      <ProjectFilterItem label={t('project')} allLabel={t('all')} />
      <ProjectScopedItem name="areaId" label={t('area')}>
        {(projectId) => <AreaSelect projectId={projectId} placeholder={t('all')} style={{ width: 160 }} />}
      </ProjectScopedItem>
      <Form.Item name="state" label={t('state')}>
        <Select allowClear placeholder={t('all')} style={{ width: 110 }} options={boxStateChoices(locale)} />
      </Form.Item>
      <Form.Item name="keyword" label={t('keyword')}>
        <Input allowClear maxLength={50} placeholder={t('keywordHint')} style={{ width: 200 }} />
      </Form.Item>
    </SearchBar>
  );
}

/** 接听 a ringing box, 呼叫 an idle online one, 绑定摄像机 for holders of `monitor_camera`. */
export function useBoxActions() {
  const t = alarmboxTexts.useTexts();
  const answer = useAnswerAlarm();
  const canBind = useCan(ALARM_MONITOR_BUTTONS.camera);
  const [binding, setBinding] = useState<AlarmBoxRow | null>(null);
  const actions = (box: AlarmBoxRow) => (
    <RowActions
      actions={[
        {
          key: 'answer',
          label: t('answer'),
          hidden: box.state !== 'ringing' || box.call === null,
          onClick: () => answer(box.id, box.call?.id ?? null),
        },
        {
          key: 'call',
          label: t('call'),
          hidden: box.state !== 'idle' || !box.online,
          onClick: () => answer(box.id, null),
        },
        { key: 'camera', label: t('bindCamera'), hidden: !canBind, onClick: () => setBinding(box) },
      ]}
    />
  );
  const dialog = binding && <BindCameraDialog box={binding} onClose={() => setBinding(null)} />;
  return { actions, dialog };
}

/** The columns of a box list; `full` adds the classic table's place and camera columns. */
export function useBoxColumns(actions: (box: AlarmBoxRow) => React.ReactNode, full: boolean) {
  const t = alarmboxTexts.useTexts();
  const crud = crudTexts.useTexts();
  const columns: CrudColumn<AlarmBoxRow>[] = [
    { key: 'devName', title: t('devName'), sortField: 'devName' },
    { key: 'state', title: t('state'), render: (_, row) => <BoxStateTag state={row.state} /> },
    {
      key: 'controlCode',
      title: t('controlCode'),
      defaultHidden: !full,
      render: (_, row) => row.controlCode ?? '',
    },
    ...(full
      ? ([
          { key: 'projectName', title: t('project') },
          { key: 'areaName', title: t('area') },
          { key: 'siteName', title: t('site') },
          { key: 'address', title: t('address'), ellipsis: true },
          {
            key: 'camera',
            title: t('camera'),
            render: (_, row) => row.camera?.devName ?? t('noCamera'),
          },
        ] satisfies CrudColumn<AlarmBoxRow>[])
      : [{ key: 'areaName', title: t('area'), defaultHidden: true } satisfies CrudColumn<AlarmBoxRow>]),
    {
      key: 'lastCallTime',
      title: t('lastCallTime'),
      sortField: 'lastCallTime',
      render: (_, row) => row.lastCallTime ?? '',
    },
    { key: 'actions', title: crud('actions'), fixed: true, render: (_, row) => actions(row) },
  ];
  return columns;
}
