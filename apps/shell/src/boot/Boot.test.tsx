import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageLoadError } from '@cityops/ui';
import { adminLogin, mockApi, ok } from '../test/api';
import type { FullAppModule } from './fullAppCode';
import { Boot } from './Boot';

const { loadFullApp, startFullApp } = vi.hoisted(() => ({
  loadFullApp: vi.fn<() => Promise<Pick<FullAppModule, 'startFullApp' | 'prefetchSignedInCode'>>>(),
  startFullApp: vi.fn(),
}));
vi.mock('./fullAppCode', () => ({ loadFullApp, prefetchFullApp: () => () => {} }));

const fullApp = { startFullApp, prefetchSignedInCode: () => () => {} };
const Shell = () => <p>完整的壳</p>;

describe('the boot', () => {
  it('hands the sign-in answer and the forward address to the full shell, then shows it', async () => {
    mockApi({ '/api/login/doLoginNoVerCode': () => ok(adminLogin) });
    loadFullApp.mockResolvedValue(fullApp);
    startFullApp.mockResolvedValue(Shell);
    render(<Boot startOnLogin />);
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Admin@123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('完整的壳')).toBeTruthy();
    expect(startFullApp).toHaveBeenCalledWith({ login: adminLogin, path: '/' });
  });

  it('says the shell’s code did not load, with 重试, and shows the shell once it comes', async () => {
    loadFullApp.mockRejectedValueOnce(new PageLoadError('failed')).mockResolvedValue(fullApp);
    startFullApp.mockResolvedValue(Shell);
    render(<Boot startOnLogin={false} />);
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('完整的壳')).toBeTruthy();
    expect(startFullApp).toHaveBeenLastCalledWith(undefined);
  });

  it('says so when the code does not come within §9’s 120 s', async () => {
    loadFullApp.mockRejectedValue(new PageLoadError('timeout'));
    render(<Boot startOnLogin={false} />);
    expect(await screen.findByText('页面加载超时')).toBeTruthy();
    expect(screen.getByText(/120 秒/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '重试' })).toBeTruthy());
  });
});
