import { useCallback, useMemo, useState } from 'react';
import { Button, Flex, Input, List, Typography } from 'antd';
import { AimOutlined, CheckOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { IccVideoSource, PresetPointsAnswer, PtzAction } from '../adapters.js';
import { presetRows, type PresetPoint } from '../presets.js';
import { useChangePreset, usePresetPoints, type PresetChange } from './queries.js';

const NO_POINTS: PresetPointsAnswer = [];

export interface PresetListProps {
  controlCode: string | null;
  source: IccVideoSource;
  /** Sends a preset action; resolves when the platform has answered. */
  sendPreset(
    action: Extract<PtzAction, 'ADD_POINT' | 'DEL_POINT' | 'PRESET_POINT'>,
    point: PresetPoint,
  ): Promise<void>;
}

/** The 25 presets of the selected camera (§2.6): go to, set (with a name) and delete; reloaded after a change. */
export function PresetList({ controlCode, source, sendPreset }: PresetListProps) {
  const { t } = useTranslation('ui');
  const defaultName = useCallback((n: number) => t('video.presetDefaultName', { n }), [t]);
  const points = usePresetPoints(source, controlCode).data;
  // A failed read leaves the 25 free rows; the client has said why.
  const loaded = useMemo(() => presetRows(points ?? NO_POINTS, defaultName), [points, defaultName]);
  // The operator's unsaved edits, on top of one answer: a new answer (another camera, a reload) drops them.
  const [draft, setDraft] = useState<{ of: PresetPoint[]; rows: PresetPoint[] } | null>(null);
  const rows = draft?.of === loaded ? draft.rows : loaded;
  const change = useChangePreset(sendPreset);

  const edit = (code: number, patch: Partial<PresetPoint>) =>
    setDraft({
      of: loaded,
      rows: rows.map((row) => (row.presetPointCode === code ? { ...row, ...patch } : row)),
    });
  const changeAndReload = (action: PresetChange, point: PresetPoint) => change.mutate({ action, point });

  return (
    <section aria-label={t('video.presets')}>
      <List
        size="small"
        style={{ maxHeight: 260, overflow: 'auto' }}
        dataSource={rows}
        renderItem={(row) => (
          <List.Item key={row.presetPointCode} aria-label={row.presetPointName}>
            <Flex align="center" gap={4} style={{ width: '100%' }}>
              <span style={{ width: 22, textAlign: 'right' }}>{row.presetPointCode}</span>
              {row.isEdit ? (
                <Input
                  size="small"
                  aria-label={t('video.presetName')}
                  value={row.presetPointName}
                  maxLength={32}
                  onChange={(event) => edit(row.presetPointCode, { presetPointName: event.target.value })}
                  style={{ flex: 1 }}
                />
              ) : (
                // A free row in the theme's secondary text: a faded colour would sink below legibility.
                <Typography.Text type={row.isAlive ? undefined : 'secondary'} style={{ flex: 1 }}>
                  {row.presetPointName}
                </Typography.Text>
              )}
              <Button
                title={t('video.presetGoto')}
                size="small"
                type="text"
                aria-label={t('video.presetGoto')}
                icon={<AimOutlined />}
                disabled={!row.isAlive || !controlCode}
                onClick={() => void sendPreset('PRESET_POINT', row)}
              />
              {row.isEdit ? (
                <Button
                  title={t('video.presetAdd')}
                  size="small"
                  type="text"
                  aria-label={t('video.presetAdd')}
                  icon={<CheckOutlined />}
                  disabled={row.presetPointName.trim() === ''}
                  onClick={() =>
                    changeAndReload('ADD_POINT', { ...row, presetPointName: row.presetPointName.trim() })
                  }
                />
              ) : (
                <Button
                  title={t('video.presetAdd')}
                  size="small"
                  type="text"
                  aria-label={t('video.presetAdd')}
                  icon={<EditOutlined />}
                  disabled={!controlCode}
                  onClick={() => edit(row.presetPointCode, { isEdit: true })}
                />
              )}
              <Button
                title={t('video.presetDelete')}
                size="small"
                type="text"
                aria-label={t('video.presetDelete')}
                icon={<DeleteOutlined />}
                disabled={!row.isAlive || !controlCode}
                onClick={() => changeAndReload('DEL_POINT', row)}
              />
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}
