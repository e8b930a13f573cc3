import { useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, InputNumber, Popover, Space, Tooltip, Typography } from 'antd';
import type { ColumnSetting } from '@cityops/contract';
import { moveSetting } from './columnSettings.js';
import { crudTexts } from './texts.js';

export interface ColumnSettingsButtonProps {
  settings: ColumnSetting[];
  /** Column titles by key, in the language in use. */
  titles: Record<string, string>;
  save(settings: ColumnSetting[]): Promise<unknown>;
  reset(): Promise<unknown>;
  saving: boolean;
}

/** Show, hide, order and size a list's columns; saved on the server for the user. */
export function ColumnSettingsButton({ settings, titles, save, reset, saving }: ColumnSettingsButtonProps) {
  const t = crudTexts.useTexts();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(settings);
  const change = (key: string, patch: Partial<ColumnSetting>) =>
    setDraft((current) =>
      current.map((setting) => (setting.key === key ? { ...setting, ...patch } : setting)),
    );

  const content = (
    <Flex vertical gap={4} style={{ minWidth: 320 }} role="list" aria-label={t('columns')}>
      {draft.map((setting, index) => {
        const title = titles[setting.key] ?? setting.key;
        return (
          <Flex key={setting.key} align="center" gap={8} role="listitem">
            <Checkbox
              checked={setting.visible}
              onChange={(event) => change(setting.key, { visible: event.target.checked })}
              aria-label={t('showColumn', { name: title })}
              style={{ flex: 1 }}
            >
              {title}
            </Checkbox>
            <InputNumber
              size="small"
              min={40}
              max={2000}
              step={10}
              placeholder={t('columnWidth')}
              aria-label={`${title} ${t('columnWidth')}`}
              value={setting.width ?? null}
              onChange={(width) => change(setting.key, { width: width ?? undefined })}
              style={{ width: 90 }}
            />
            <Tooltip title={t('moveUp')}>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={`${title} ${t('moveUp')}`}
                disabled={index === 0}
                onClick={() => setDraft((current) => moveSetting(current, setting.key, -1))}
              />
            </Tooltip>
            <Tooltip title={t('moveDown')}>
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`${title} ${t('moveDown')}`}
                disabled={index === draft.length - 1}
                onClick={() => setDraft((current) => moveSetting(current, setting.key, 1))}
              />
            </Tooltip>
          </Flex>
        );
      })}
      <Space style={{ justifyContent: 'flex-end', marginTop: 8 }}>
        <Button size="small" onClick={() => void reset().then(() => setOpen(false))} disabled={saving}>
          {t('columnsReset')}
        </Button>
        <Button
          size="small"
          type="primary"
          loading={saving}
          onClick={() => void save(draft).then(() => setOpen(false))}
        >
          {t('save')}
        </Button>
      </Space>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(settings);
        setOpen(next);
      }}
      title={<Typography.Text strong>{t('columns')}</Typography.Text>}
      content={content}
      placement="bottomRight"
    >
      <Tooltip title={t('columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('columns')} />
      </Tooltip>
    </Popover>
  );
}
