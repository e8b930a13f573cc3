import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLoadError } from '@cityops/ui';
import { adminLogin, mockApi, ok } from '../test/api';
import type { SignedIn } from '../app/fullApp';
import type { FullAppModule } from './fullAppCode';
import { Boot } from './Boot';

type ShellModule = Pick<FullAppModule, 'startFullApp' | 'ShellWarmup'>;
const { loadFullApp, startFullApp, prefetchFullApp } = vi.hoisted(() => ({
  loadFullApp: vi.fn<() => Promise<ShellModule>>(),
  startFullApp: vi.fn(),
  // By default the prefetch is left waiting; a test hands the module over itself.
  prefetchFullApp: vi.fn<(onLoaded: (fullApp: ShellModule) => void) => () => void>(() => () => {}),
}));
vi.mock('./fullAppCode', () => ({
  prefetchFullApp,
  startShell: (signedIn?: SignedIn) => loadFullApp().then((fullApp) => fullApp.startFullApp(signedIn)),
}));

const Warmup = () => <p>预热</p>;
const fullApp: ShellModule = { startFullApp, ShellWarmup: Warmup };
const Shell = () => <p>完整的壳</p>;

function signInAsAdmin() {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Admin@123' } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('the boot', () => {
  beforeEach(() => vi.clearAllMocks());

  it('hands the sign-in answer and the forward address to the full shell, then shows it', async () => {
    mockApi({ '/api/login/doLoginNoVerCode': () => ok(adminLogin) });
    loadFullApp.mockResolvedValue(fullApp);
    startFullApp.mockResolvedValue(Shell);
    render(<Boot startOnLogin />);
    signInAsAdmin();
    expect(await screen.findByText('完整的壳')).toBeTruthy();
    expect(startFullApp).toHaveBeenCalledWith({ login: adminLogin, path: '/' });
    expect(startFullApp).toHaveBeenCalledTimes(1);
  });

  it('keeps the light login on screen while the shell starts, and says 系统加载中 only when that takes longer', async () => {
    mockApi({ '/api/login/doLoginNoVerCode': () => ok(adminLogin) });
    let ready: (App: typeof Shell) => void = () => {};
    loadFullApp.mockResolvedValue(fullApp);
    startFullApp.mockReturnValue(new Promise((resolve) => (ready = resolve)));
    render(<Boot startOnLogin />);
    signInAsAdmin();
    await waitFor(() => expect(startFullApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('系统加载中')).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    // The shell's code was not there yet: after a moment the wait is said.
    expect(await screen.findByText('系统加载中')).toBeTruthy();
    ready(Shell);
    expect(await screen.findByText('完整的壳')).toBeTruthy();
    expect(screen.queryByText('系统加载中')).toBeNull();
    expect(startFullApp).toHaveBeenCalledTimes(1);
  });

  it('renders the shell’s warm-up behind the light login and drops it once the shell is shown', async () => {
    mockApi({ '/api/login/doLoginNoVerCode': () => ok(adminLogin) });
    prefetchFullApp.mockImplementationOnce((onLoaded) => {
      onLoaded(fullApp);
      return () => {};
    });
    loadFullApp.mockResolvedValue(fullApp);
    startFullApp.mockResolvedValue(Shell);
    render(<Boot startOnLogin />);
    expect(await screen.findByText('预热')).toBeTruthy();
    signInAsAdmin();
    expect(await screen.findByText('完整的壳')).toBeTruthy();
    // Still held while the shell's first screen takes over its styles; gone once the page is idle.
    expect(screen.getByText('预热')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('预热')).toBeNull());
    expect(screen.getByText('完整的壳')).toBeTruthy();
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
