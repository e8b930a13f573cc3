import { createContext, useContext, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Modal, Select } from 'antd';
import {
  inLocale,
  alarmCallEndpoints,
  BOX_STATE_CODES,
  BOX_STATES,
  CALL_END_REASON_CODES,
  CALL_END_REASONS,
  videoEndpoints,
  type AlarmBoxListRequest,
  type AlarmBoxRow,
  type BoxState,
  type CallEndReason,
  type Locale,
} from '@cityops/contract';
import { CodeTag, endpointKey, useCrud, useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import styles from './alarmbox.module.css';
import { alarmboxTexts } from './texts';

/** How often the monitor pages read the boxes' states and the calls ringing while they are shown. */
export const ALARM_LIVE_MS = 2_000;

/** State colours on the map and in the lists: ringing red (and blinking), in call blue. */
export const BOX_STATE_COLOURS: Record<BoxState, string> = {
  idle: '#52c41a',
  ringing: '#ff4d4f',
  inCall: '#1677ff',
  offline: '#8c8c8c',
};
const TAG_COLOURS: Record<BoxState, string> = {
  idle: 'success',
  ringing: 'error',
  inCall: 'processing',
  offline: 'default',
};

export const boxStateName = (state: BoxState, locale: Locale) => inLocale(BOX_STATES[state], locale);
export const endReasonName = (reason: CallEndReason, locale: Locale) =>
  inLocale(CALL_END_REASONS[reason], locale);

export const boxStateChoices = (locale: Locale) =>
  BOX_STATE_CODES.map((code) => ({ value: code, label: boxStateName(code, locale) }));
export const endReasonChoices = (locale: Locale) =>
  CALL_END_REASON_CODES.map((code) => ({ value: code, label: endReasonName(code, locale) }));

export const ringingRowClass = (row: Pick<AlarmBoxRow, 'state'>) =>
  row.state === 'ringing' ? (styles.ringing ?? '') : '';

export const BoxStateTag = ({ state }: { state: BoxState }) => (
  <CodeTag
    code={state}
    names={BOX_STATES}
    colors={TAG_COLOURS}
    className={state === 'ringing' ? styles.ringingTag : undefined}
  />
);

/** Ringing boxes first, then in call, idle, offline; by name within a state. */
const STATE_ORDER: Record<BoxState, number> = { ringing: 0, inCall: 1, idle: 2, offline: 3 };
export const byUrgency = (a: AlarmBoxRow, b: AlarmBoxRow) =>
  STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.devName.localeCompare(b.devName);

/**
 * Answering and calling are the shell's alarm receiver's (it owns the tab's one call): the page asks
 * through the bridge. The route gives the runtime's `answerAlarm`; tests give a spy.
 */
export type AnswerAlarm = (devId: number, alarmId: number | null) => boolean;
export const AnswerAlarmContext = createContext<AnswerAlarm | null>(null);

export function useAnswerAlarm() {
  const answer = useContext(AnswerAlarmContext);
  const t = alarmboxTexts.useTexts();
  return (devId: number, alarmId: number | null) => {
    if (!answer?.(devId, alarmId)) showMessage('WARN', t('notFramed'));
  };
}

const live = { refetchInterval: ALARM_LIVE_MS, refetchIntervalInBackground: false } as const;

/** A page of boxes, read again every 2 s while the page is visible. */
export function useLiveBoxes(request: AlarmBoxListRequest) {
  const { http } = useCrud();
  const endpoint = alarmCallEndpoints.boxes;
  return useQuery({
    queryKey: endpointKey(endpoint, request),
    queryFn: ({ signal }) => http.call(endpoint, { body: request, signal }),
    placeholderData: keepPreviousData,
    ...live,
  });
}

/** The located boxes for the map by the list's filters (project, area, state, keyword), live. */
export function useLiveBoxMap(
  filters: Pick<AlarmBoxListRequest, 'projectId' | 'areaId' | 'state' | 'keyword'>,
) {
  const { http } = useCrud();
  const endpoint = alarmCallEndpoints.boxMap;
  const { projectId, areaId, state, keyword } = filters;
  const input = { query: { projectId, areaId, state, keyword } };
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => http.call(endpoint, { ...input, signal }),
    placeholderData: keepPreviousData,
    ...live,
  });
}

/** The calls ringing or in progress, live. */
export function useLiveCalls() {
  const { http } = useCrud();
  const endpoint = alarmCallEndpoints.current;
  return useQuery({
    queryKey: endpointKey(endpoint),
    queryFn: ({ signal }) => http.call(endpoint, { signal }),
    ...live,
  });
}

const boxLists = [alarmCallEndpoints.boxes, alarmCallEndpoints.boxMap];

/** A dialog choosing a camera of the box's project (the camera tree) for the box, or none. */
export function BindCameraDialog({ box, onClose }: { box: AlarmBoxRow; onClose(): void }) {
  const t = alarmboxTexts.useTexts();
  const tree = useEndpointQuery(videoEndpoints.cameraTree, { query: { projectId: box.projectId } });
  const bind = useEndpointMutation(
    alarmCallEndpoints.bindCamera,
    (cameraCode: string | null) => ({ body: { devId: box.id, cameraCode } }),
    boxLists,
  );
  const [chosen, setChosen] = useState<string | null>(box.camera?.controlCode ?? null);
  const options = useMemo(
    () =>
      (tree.data ?? [])
        .filter((project) => project.projectId === box.projectId)
        .flatMap((project) =>
          project.areas.flatMap((area) =>
            area.sites.map((site) => ({
              label: `${area.areaName} / ${site.siteName}`,
              options: site.cameras.map((camera) => ({
                value: camera.controlCode,
                label: `${camera.devName} (${camera.controlCode})`,
              })),
            })),
          ),
        ),
    [tree.data, box.projectId],
  );
  return (
    <Modal
      open
      title={t('bindCameraOf', { name: box.devName })}
      onCancel={onClose}
      confirmLoading={bind.isPending}
      onOk={() =>
        bind.mutate(chosen, {
          onSuccess: () => {
            showMessage('SUCCESS', t('bound'));
            onClose();
          },
        })
      }
    >
      <Select<string>
        aria-label={t('camera')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={tree.isLoading}
        placeholder={t('unbind')}
        style={{ width: '100%' }}
        value={chosen ?? undefined}
        onChange={(value) => setChosen(value ?? null)}
        options={options}
      />
    </Modal>
  );
}
