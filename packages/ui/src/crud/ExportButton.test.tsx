// @vitest-environment jsdom
import '../testing/jsdomSetup.js';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportProgress } from '@cityops/contract';
import { FeedbackHost } from '../feedback.js';
import { changeLocale, initI18n } from '../i18n/i18n.js';
import { ExportButton } from './ExportButton.js';

beforeAll(async () => {
  await initI18n('zh-CN');
});

/** A download the test drives: progress steps and the outcome come when the test says so. */
function controlledDownload() {
  const control: {
    report: (progress: ExportProgress) => void;
    finish: () => void;
    fail: () => void;
  } = { report: () => undefined, finish: () => undefined, fail: () => undefined };
  const download = (onProgress: (progress: ExportProgress) => void) =>
    new Promise<void>((resolve, reject) => {
      Object.assign(control, {
        report: onProgress,
        finish: resolve,
        fail: () => reject(new Error('already shown by the client')),
      });
    });
  return { control, download };
}

describe('ExportButton', () => {
  it('shows the download progressing, then 导出成功, and is ready again', async () => {
    const { control, download } = controlledDownload();
    render(
      <>
        <FeedbackHost />
        <ExportButton download={download} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /导出/u }));
    expect(await screen.findByText('正在生成文件…')).toBeTruthy();
    act(() => control.report({ receivedBytes: 1.25 * 1024 * 1024, totalRows: 100_000 }));
    expect(screen.getByRole('status').textContent).toBe('已下载 1.3 MB（共 100,000 条）');
    act(() => control.report({ receivedBytes: 340 * 1024 }));
    expect(screen.getByRole('status').textContent).toBe('已下载 340 KB');
    await act(async () => control.finish());
    expect(await screen.findByText('导出成功')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('button', { name: /导出/u }).className).not.toContain('loading');
  });

  it('stays on the page after a failed download, ready to try again', async () => {
    const { control, download } = controlledDownload();
    render(<ExportButton download={download} />);
    fireEvent.click(screen.getByRole('button', { name: /导出/u }));
    await screen.findByText('正在生成文件…');
    await act(async () => control.fail());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByText('导出成功')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /导出/u }));
    expect(await screen.findByText('正在生成文件…')).toBeTruthy();
  });

  it('speaks English when the user chose it', async () => {
    await changeLocale('en-US');
    try {
      const { download } = controlledDownload();
      render(<ExportButton download={download} />);
      expect(screen.getByRole('button', { name: /Export/u })).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });
});
