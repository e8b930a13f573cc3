import { useSyncExternalStore } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullScreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

/** Whether the page is full screen, following Esc too (it listens to the document, not a flag). */
export function useFullScreen() {
  const { t } = useTranslation();
  const full = useSyncExternalStore(subscribe, isFullScreen, () => false);
  const label = full ? t('header.exitFullScreen') : t('header.fullScreen');
  const toggle = () => {
    // Browsers refuse without a user gesture or when full screen is disabled: nothing to do then.
    const request = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void request?.catch(() => undefined);
  };
  return { full, label, toggle };
}

/** Full screen on and off. */
export function FullScreenButton() {
  const { full, label, toggle } = useFullScreen();
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
