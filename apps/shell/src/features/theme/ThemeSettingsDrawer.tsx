import { Button, ColorPicker, Drawer, Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage, type PaletteKey, type ThemeMode } from '@cityops/ui';
import { useThemeMode } from './themeMode';
import { useActiveTheme, useThemePalette } from './themePalette';

/** The style variables of video-talk-alarm-header.md §3, grouped as the operator sees them. */
const GROUPS: readonly {
  title: 'theme.menu' | 'theme.header' | 'theme.page';
  keys: readonly PaletteKey[];
}[] = [
  { title: 'theme.menu', keys: ['menuBg', 'menuActiveBg', 'menuText', 'menuBorder'] },
  { title: 'theme.header', keys: ['headerBg', 'headerActiveBg', 'headerText', 'headerBorder'] },
  {
    title: 'theme.page',
    keys: ['pageBg', 'pageText', 'pageBorder', 'tableHeadBg', 'tableBodyBg', 'tableRowHoverBg'],
  },
];

/** Theme settings: the mode, every colour of the current mode, and a reset to light and defaults. */
export function ThemeSettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { mode, palette } = useActiveTheme();
  const setMode = useThemeMode((state) => state.setMode);
  const setColour = useThemePalette((state) => state.setColour);
  const reset = useThemePalette((state) => state.reset);

  return (
    <Drawer
      title={t('header.themeSettings')}
      open={open}
      onClose={onClose}
      size={360}
      footer={
        <Button
          block
          onClick={() => {
            reset();
            showMessage('SUCCESS', t('theme.reset'));
          }}
        >
          {t('theme.resetButton')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t('theme.mode')}</Typography.Text>
          <Segmented<ThemeMode>
            aria-label={t('theme.mode')}
            value={mode}
            options={[
              { value: 'light', label: t('theme.light') },
              { value: 'dark', label: t('theme.dark') },
            ]}
            onChange={(next) => {
              setMode(next);
              showMessage('SUCCESS', t('theme.switched'));
            }}
          />
        </Flex>
        {GROUPS.map((group) => (
          <Flex vertical gap={8} key={group.title}>
            <Typography.Text strong>{t(group.title)}</Typography.Text>
            {group.keys.map((key) => (
              <Flex justify="space-between" align="center" key={key}>
                <Typography.Text>{t(`theme.${key}`)}</Typography.Text>
                <ColorPicker
                  aria-label={t(`theme.${key}`)}
                  value={palette[key]}
                  showText
                  disabledAlpha={false}
                  onChangeComplete={(value) => {
                    setColour(mode, key, value.toHexString());
                    showMessage('SUCCESS', t('theme.switched'));
                  }}
                />
              </Flex>
            ))}
          </Flex>
        ))}
        <Typography.Paragraph type="secondary">{t('theme.note')}</Typography.Paragraph>
      </Flex>
    </Drawer>
  );
}
