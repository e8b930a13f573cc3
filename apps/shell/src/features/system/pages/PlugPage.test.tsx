import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chinaDateTime } from '@cityops/contract';
import { AppConfigProvider, FeedbackHost, initI18n } from '@cityops/ui';
import { closedPort, nodeSocket, startFakePlugin, type FakePlugin } from '@cityops/video/testing';
import { queryClient } from '../../../app/queryClient';
import type { PluginAccess } from '../pluginProbe';
import { PlugPage } from './PlugPage';

// The plug-in is an outside program: a real websocket server in the test process stands in for it
// (packages/video's fakePlugin); the page finds it, asks its state and restarts it for real.

let plugins: FakePlugin[] = [];
afterEach(async () => {
  await Promise.all(plugins.map((plugin) => plugin.close()));
  plugins = [];
});

beforeAll(async () => {
  await initI18n('zh-CN');
});

function renderPage(access: PluginAccess) {
  queryClient.clear();
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={queryClient}>
        <PlugPage access={{ socket: nodeSocket, timing: { startRetries: 2, startRetryMs: 50 }, ...access }} />
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

const control = {
  controlId: 'control-7',
  rect: { left: 510, top: 251, width: 640, height: 360 },
  visible: true,
  initialised: true,
  windows: [
    { wndId: 1, state: 'playing', cameraIndexCode: 'hik-cam-01', recording: true, talking: false },
    { wndId: 2, state: 'error', cameraIndexCode: 'hik-cam-02', recording: false, talking: false },
  ],
} as const;

describe('/plug', () => {
  it('shows the running plug-in: name, version, port, process, start time, its controls and windows', async () => {
    const plugin = await startFakePlugin({
      state: () => ({ controls: [{ ...control, windows: [...control.windows] }] }),
    });
    plugins.push(plugin);
    renderPage({ ports: [await closedPort(), plugin.port] });
    await waitFor(() => expect(screen.getByTestId('plug-state').textContent).toBe('运行中'));
    expect(screen.getByText('cityops-video-plugin')).toBeTruthy();
    expect(screen.getByText('1.2.3')).toBeTruthy();
    expect(screen.getByText(String(plugin.port))).toBeTruthy();
    expect(screen.getByText('4242')).toBeTruthy();
    expect(plugin.methods()).toContain('state');
    const table = screen.getByRole('table', { name: '控件 control-7' });
    expect(within(table).getByText('hik-cam-01')).toBeTruthy();
    expect(within(table).getByText('播放中')).toBeTruthy();
    expect(within(table).getByText('出错')).toBeTruthy();
    expect(within(table).getByText('录像中')).toBeTruthy();
    // How to install and start it.
    expect(screen.getByText('npm run start -w @cityops/video-plugin')).toBeTruthy();
    expect(screen.getByText('make plugin')).toBeTruthy();
    expect(screen.getByText('plugin/install-linux.sh')).toBeTruthy();
  });

  it('restarts it and shows it again once it is back', async () => {
    let startedAt = 1_700_000_000_000;
    const plugin = await startFakePlugin({
      state: () => ({ startedAt }),
      answer: (request) => {
        if (request.method === 'restart') startedAt += 60_000;
        return undefined;
      },
    });
    plugins.push(plugin);
    renderPage({ ports: [plugin.port] });
    await waitFor(() => expect(screen.getByTestId('plug-state').textContent).toBe('运行中'));
    fireEvent.click(screen.getByRole('button', { name: /重启插件/ }));
    expect(await screen.findByText('插件已重启')).toBeTruthy();
    expect(plugin.methods()).toContain('restart');
    expect(screen.getByTestId('plug-state').textContent).toBe('运行中');
    // The new start, on the platform's clock as every time in the product.
    expect(screen.getByText(chinaDateTime(startedAt))).toBeTruthy();
  });

  it('says when it is not found, and starts it by its URL scheme', async () => {
    const launch = vi.fn();
    const port = await closedPort();
    renderPage({ ports: [port], launch });
    await waitFor(() => expect(screen.getByTestId('plug-state').textContent).toBe('未找到'));
    expect(screen.getByText('未检测到插件')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /启动插件/ }));
    expect(await screen.findByText('插件启动失败，请检查插件是否安装！')).toBeTruthy();
    // The click's start only: the tries after it look (a browser wants a click per start).
    expect(launch).toHaveBeenCalledTimes(1);
  });
});
