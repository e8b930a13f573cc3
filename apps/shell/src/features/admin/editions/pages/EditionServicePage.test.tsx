import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EDITION_PACKAGE_MAX_BYTES,
  editionEndpoints,
  tableSettingsEndpoints,
  type EditionRow,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { EditionServicePage } from './EditionServicePage';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const row = (
  editionId: number,
  platform: EditionRow['platform'],
  version: string,
  forceUpdate = false,
): EditionRow => ({
  editionId,
  platform,
  version,
  notes: `${version} 的更新说明`,
  forceUpdate,
  fileName: `app-${version}.bin`,
  fileSize: 5 * 1024 * 1024,
  checksum: 'ab'.repeat(32),
  publisher: 'admin',
  publishTime: '2026-06-01T00:00:00.000Z',
  updateTime: '2026-06-01T00:00:00.000Z',
  downloads: 3,
});

function server(): FakeServer {
  const editions = [row(1, 'android', '1.10.0', true), row(2, 'windows', '2.0.0')];
  return {
    [editionEndpoints.page.path]: () => ({
      list: editions,
      total: editions.length,
      pageNum: 1,
      pageSize: 15,
    }),
    [editionEndpoints.publish.path]: ({ body }) => {
      const created = { ...row(3, 'ios', '3.0.0'), ...(body as object) } as EditionRow;
      editions.push(created);
      return created;
    },
    [editionEndpoints.update.path]: ({ body }) => ({ ...row(1, 'android', '1.10.0'), ...(body as object) }),
    [editionEndpoints.delete.path]: () => null,
    [tableSettingsEndpoints.get.path]: () => null,
  };
}

const ALL = ['editionService_add', 'editionService_edit', 'editionService_delete'];

function pick(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('版本服务', () => {
  it('lists versions with platform, force tag, size and short checksum, offering only held actions', async () => {
    renderAdminPage(<EditionServicePage />, server(), [], '/admin/editionService');
    expect(await screen.findByText('1.10.0')).toBeTruthy();
    expect(screen.getByText('安卓')).toBeTruthy();
    expect(screen.getByText('强制')).toBeTruthy();
    expect(screen.getAllByText('5.0 MB').length).toBe(2);
    expect(screen.getAllByText(`${'ab'.repeat(6)}…`).length).toBe(2);
    expect(screen.getAllByText(/^下\s*载$/).length).toBe(2);
    expect(screen.queryByText('发布版本')).toBeNull();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
    expect(screen.queryByText(/^删\s*除$/)).toBeNull();
  });

  it('publishes: the contract’s version rule, the size limit before sending, then the fields with the file', async () => {
    const { calls } = renderAdminPage(<EditionServicePage />, server(), ALL, '/admin/editionService');
    fireEvent.click(await screen.findByText('发布版本'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'version'), { target: { value: '1.2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText('版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('请选择平台')).toBeTruthy();
    expect(await within(dialog).findByText('请选择要上传的安装包')).toBeTruthy();

    const big = new File(['x'], 'big.ipa');
    Object.defineProperty(big, 'size', { value: EDITION_PACKAGE_MAX_BYTES + 20 * 1024 * 1024 });
    pick(dialog, big);
    expect(await screen.findByText('安装包不能超过100M，所选文件为120 MB')).toBeTruthy();
    expect(within(dialog).queryByText('big.ipa')).toBeNull();

    fireEvent.mouseDown(dialogField(dialog, 'platform'));
    fireEvent.click(await screen.findByTitle('iOS'));
    fireEvent.change(dialogField(dialog, 'version'), { target: { value: '3.0.0' } });
    fireEvent.change(dialogField(dialog, 'notes'), { target: { value: '修复闪退' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    pick(dialog, new File(['package bytes'], 'app-3.0.0.ipa'));
    expect(await within(dialog).findByText('app-3.0.0.ipa')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.path === editionEndpoints.publish.path)).toBe(true));
    expect(calls.find((call) => call.path === editionEndpoints.publish.path)?.body).toEqual({
      platform: 'ios',
      version: '3.0.0',
      notes: '修复闪退',
      forceUpdate: true,
      file: { name: 'app-3.0.0.ipa', size: 13 },
    });
    expect(await screen.findByText('版本发布成功')).toBeTruthy();
  });

  it('edits the notes and the force flag, and deletes after asking', async () => {
    const { calls } = renderAdminPage(<EditionServicePage />, server(), ALL, '/admin/editionService');
    const first = (await screen.findByText('1.10.0')).closest('tr') as HTMLElement;
    fireEvent.click(within(first).getByText(/^编\s*辑$/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialogField(dialog, 'notes'), { target: { value: '新的说明' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === editionEndpoints.update.path)?.body).toEqual({
        editionId: 1,
        notes: '新的说明',
        forceUpdate: false,
      }),
    );

    const second = screen.getByText('2.0.0').closest('tr') as HTMLElement;
    fireEvent.click(within(second).getByText(/^删\s*除$/));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((call) => call.path === editionEndpoints.delete.path)).toBe(true));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
