import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicLicenceStatus } from '@cityops/contract';
import { AppConfigProvider, FeedbackHost, initI18n } from '@cityops/ui';
import { mockApi, ok, type Answer } from '../../../test/api';
import { queryClient } from '../../../app/queryClient';
import { LicencePage, LicenceStatusCard } from './LicencePage';

const STATUS = '/api/sys/license/status';
const REGISTER = '/api/sys/license/register';

const licence = {
  licenceId: 'LIC-2026-001',
  customer: '杭州城市运营公司',
  issuedAt: '2026-01-01T00:00:00Z',
  expiresAt: '2027-01-01T00:00:00Z',
  modules: ['admin', 'iotcloud'],
  deviceLimit: 5000,
};

function renderPage() {
  queryClient.clear();
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LicencePage />
        </MemoryRouter>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('licence page', () => {
  it('shows whether a valid licence is in force, and nothing of who it is for or what it opens', async () => {
    const status: PublicLicenceStatus = { state: 'valid' };
    mockApi({ [STATUS]: () => ok(status) });
    renderPage();
    expect(await screen.findByText('有效')).toBeTruthy();
    expect(screen.getByText('许可证注册')).toBeTruthy();
    expect(screen.queryByText('杭州城市运营公司')).toBeNull();
    expect(screen.queryByText('客户')).toBeNull();
  });

  it('shows the full licence to who may see it (the management page passes the detail)', () => {
    render(
      <AppConfigProvider>
        <LicenceStatusCard status={{ state: 'expired', licence, daysLeft: -3 }} />
      </AppConfigProvider>,
    );
    expect(screen.getByText('已过期')).toBeTruthy();
    expect(screen.getByText('杭州城市运营公司')).toBeTruthy();
    expect(screen.getByText('admin、iotcloud')).toBeTruthy();
    expect(screen.getByText('5000')).toBeTruthy();
    expect(screen.getByText('-3 天')).toBeTruthy();
  });

  it('shows an expired licence', async () => {
    mockApi({ [STATUS]: () => ok({ state: 'expired' }) });
    renderPage();
    expect(await screen.findByText('已过期')).toBeTruthy();
  });

  it('shows a missing licence and registers a pasted one', async () => {
    const { sentTo } = mockApi({
      [STATUS]: () => ok({ state: 'missing' }),
      [REGISTER]: () => ok({ state: 'valid', licence, daysLeft: 365 }),
    });
    renderPage();
    expect(await screen.findByText('未安装')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传许可证文件/ })).toBeTruthy();
    const paste = screen.getByLabelText('粘贴许可证');
    fireEvent.change(paste, { target: { value: '{not json' } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('许可证内容不是有效的 JSON')).toBeTruthy();
    const signed = { licence, signature: 'c2lnbmF0dXJl' };
    fireEvent.change(paste, { target: { value: JSON.stringify(signed) } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('许可证注册成功')).toBeTruthy();
    expect(await screen.findByText('有效')).toBeTruthy();
    expect(sentTo(REGISTER)).toEqual([signed]);
  });

  describe('a worse licence than the one in force', () => {
    const shorter = {
      ...licence,
      licenceId: 'LIC-2025-009',
      expiresAt: '2026-06-01T00:00:00Z',
      deviceLimit: 100,
    };
    const signed = { licence: shorter, signature: 'c2lnbmF0dXJl' };
    const downgrade: Answer = {
      status_code: 10001,
      message: '新许可证不如当前许可证（到期时间更早、设备数量上限更低），如确需更换，请确认后再次提交',
      data: { reasons: ['expiresAt', 'deviceLimit'] },
    };
    const QUESTION = '新许可证比当前许可证差：到期时间更早、设备数量上限更低。仍要安装吗？';

    /** The server as it is: a downgrade is refused unless the body accepts it. */
    function serverInForce() {
      return mockApi({
        [STATUS]: () => ok({ state: 'valid' }),
        [REGISTER]: ({ body }) =>
          (body as { acceptDowngrade?: boolean }).acceptDowngrade === true
            ? ok({ state: 'valid', licence: shorter, daysLeft: 140 })
            : downgrade,
      });
    }

    async function pasteAndRegister() {
      renderPage();
      expect(await screen.findByText('有效')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('粘贴许可证'), { target: { value: JSON.stringify(signed) } });
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
      return screen.findByRole('dialog');
    }

    const dialogButton = (name: string) => {
      const buttons = screen.getAllByRole('button', { name });
      fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    };

    it('asks with the reasons the server gave, and installs it when the administrator confirms', async () => {
      const { sentTo } = serverInForce();
      const dialog = await pasteAndRegister();
      expect(dialog.textContent).toContain('许可证降级确认');
      expect(dialog.textContent).toContain(QUESTION);
      dialogButton('确定');
      expect(await screen.findByText('许可证注册成功')).toBeTruthy();
      expect(sentTo(REGISTER)).toEqual([signed, { ...signed, acceptDowngrade: true }]);
    });

    it('keeps the licence in force and the pasted text when the administrator cancels', async () => {
      const { sentTo } = serverInForce();
      const dialog = await pasteAndRegister();
      dialogButton('取消');
      // The box closes (jsdom never ends antd's leave animation, so it stays in the DOM leaving).
      await waitFor(() => expect(dialog.className).toContain('leave'));
      expect(sentTo(REGISTER)).toEqual([signed]);
      expect(screen.getByText('有效')).toBeTruthy();
      expect(screen.queryByText('许可证注册成功')).toBeNull();
      // No message on top of the question: the refusal was the question.
      expect(screen.queryByText(downgrade.message)).toBeNull();
      // Nothing is lost: the same text can be registered again, and is asked about again.
      const paste = screen.getByLabelText('粘贴许可证') as HTMLTextAreaElement;
      expect(paste.value).toBe(JSON.stringify(signed));
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
      await waitFor(() => expect(sentTo(REGISTER)).toEqual([signed, signed]));
    });

    it('shows any other refusal as the server’s message, without asking', async () => {
      const { sentTo } = mockApi({
        [STATUS]: () => ok({ state: 'valid' }),
        [REGISTER]: () => ({ status_code: 10001, message: '许可证签名无效', data: null }),
      });
      renderPage();
      expect(await screen.findByText('有效')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('粘贴许可证'), { target: { value: JSON.stringify(signed) } });
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
      expect(await screen.findByText('许可证签名无效')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(sentTo(REGISTER)).toHaveLength(1);
    });
  });
});
