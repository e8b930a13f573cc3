import { Switch, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '@cityops/ui';
import { useThemeMode } from './themeMode';

/** The header's light/dark switch: on is dark; each change says 切换主题成功. */
export function ThemeModeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode((state) => state.mode);
  const setMode = useThemeMode((state) => state.setMode);
  return (
    <Tooltip title={t('header.darkMode')}>
      <Switch
        aria-label={t('header.darkMode')}
        checked={mode === 'dark'}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        onChange={(dark) => {
          setMode(dark ? 'dark' : 'light');
          showMessage('SUCCESS', t('theme.switched'));
        }}
      />
    </Tooltip>
  );
}
