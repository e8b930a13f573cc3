import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The full-page overlay shown while the system loads (platform-shell.md §2: 系统加载中). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <Spin fullscreen description={t('loading')} size="large" />
    </div>
  );
}
