import { useState, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportProgress } from '@cityops/contract';
import { showMessage } from '../feedback.js';

export interface ExportButtonProps {
  /**
   * Downloads what the list's filters select, reporting progress as the file arrives; the HTTP
   * client's `download(endpoint, { body, onProgress })`. It rejects after telling the user why (the
   * message, or the 确定登出 box), so the button only has to stop waiting.
   */
  download(onProgress: (progress: ExportProgress) => void): Promise<unknown>;
  disabled?: boolean;
}

const KB = 1024;
const MB = KB * 1024;

/** Sizes the way a download bar shows them: 1.2 MB, 340 KB. */
function formatSize(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes >= MB ? `${format.format(bytes / MB)} MB` : `${format.format(bytes / KB)} KB`;
}

/**
 * 导出 of a list page: one download at a time, with how much has arrived shown beside the button, so
 * a long export of many pages visibly progresses instead of looking stuck.
 */
export function ExportButton({ download, disabled = false }: ExportButtonProps): ReactNode {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  async function start() {
    setProgress({ receivedBytes: 0 });
    try {
      await download(setProgress);
      showMessage('SUCCESS', t('crud.export.done'));
    } catch {
      // Already told to the user by the HTTP client; the page stays as it was.
    } finally {
      setProgress(null);
    }
  }

  let status: string | null = null;
  if (progress) {
    const size = formatSize(progress.receivedBytes, i18n.language);
    const rows = progress.totalRows?.toLocaleString(i18n.language);
    if (progress.receivedBytes === 0) status = t('crud.export.preparing');
    else if (rows === undefined) status = t('crud.export.received', { size });
    else status = t('crud.export.receivedOfRows', { size, rows });
  }

  return (
    <Space size="small">
      <Button
        icon={<DownloadOutlined />}
        loading={progress !== null}
        disabled={disabled}
        onClick={() => void start()}
      >
        {t('crud.export')}
      </Button>
      <Typography.Text type="secondary" role="status" aria-live="polite">
        {status}
      </Typography.Text>
    </Space>
  );
}
