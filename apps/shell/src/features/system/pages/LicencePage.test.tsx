import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LicenceStatus } from '@cityops/contract';
import { AppConfigProvider, FeedbackHost, initI18n } from '@cityops/ui';
import { mockApi, ok } from '../../../test/api';
import { queryClient } from '../../../app/queryClient';
import { LicencePage } from './LicencePage';

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
  it('shows a valid licence with its customer, modules, device limit and days left', async () => {
    const status: LicenceStatus = { state: 'valid', licence, daysLeft: 120 };
    mockApi({ [STATUS]: () => ok(status) });
    renderPage();
    expect(await screen.findByText('有效')).toBeTruthy();
    expect(screen.getByText('杭州城市运营公司')).toBeTruthy();
    expect(screen.getByText('admin、iotcloud')).toBeTruthy();
    expect(screen.getByText('5000')).toBeTruthy();
    expect(screen.getByText('120 天')).toBeTruthy();
    expect(screen.getByText('许可证注册')).toBeTruthy();
  });

  it('shows an expired licence', async () => {
    mockApi({ [STATUS]: () => ok({ state: 'expired', licence, daysLeft: -3 }) });
    renderPage();
    expect(await screen.findByText('已过期')).toBeTruthy();
    expect(screen.getByText('-3 天')).toBeTruthy();
  });

  it('shows a missing licence and registers a pasted one', async () => {
    const { sentTo } = mockApi({
      [STATUS]: () => ok({ state: 'missing', licence: null, daysLeft: null }),
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
});
