import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '@cityops/ui';
import { useThemeMode } from './themeMode';

/** The header's light/dark switch: one click, one 切换主题成功. */
export function ThemeModeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode((state) => state.mode);
  const setMode = useThemeMode((state) => state.setMode);
  const label = mode === 'dark' ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => {
          setMode(mode === 'dark' ? 'light' : 'dark');
          showMessage('SUCCESS', t('theme.switched'));
        }}
      />
    </Tooltip>
  );
}
