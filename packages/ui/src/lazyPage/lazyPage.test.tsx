// @vitest-environment jsdom
import '../testing/jsdomSetup.js';
import type { ReactNode } from 'react';
import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@cityops/contract';
import { initI18n } from '../i18n/i18n.js';
import { AppConfigProvider } from '../theme.js';
import { lazyPage } from './lazyPage.js';
import { failedScriptAddress } from './loadPage.js';
import { PageErrorBoundary } from './PageErrorBoundary.js';

function ReportPage({ title }: { title: string }) {
  return <h1>{title}</h1>;
}
const reportModule = { ReportPage };

/** A chunk the test answers by hand: each import is a request the test fulfils or fails. */
function chunk() {
  const requests: { resolve(module: typeof reportModule): void; reject(error: Error): void }[] = [];
  const load = vi.fn(
    () => new Promise<typeof reportModule>((resolve, reject) => requests.push({ resolve, reject })),
  );
  return { load, requests, last: () => requests.at(-1) };
}

/** As the apps render: antd's buttons keep their text as written (重试, not 重 试). */
const render = (node: ReactNode) => renderBare(<AppConfigProvider>{node}</AppConfigProvider>);

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  // The failures are reported on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a page whose code is a chunk of its own', () => {
  it('shows a spinner while its code loads, then the page with its props', async () => {
    const { load, last } = chunk();
    const Page = lazyPage(load, 'ReportPage');
    const { container } = render(<Page title="日报" />);
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    await act(async () => last()?.resolve(reportModule));
    expect(screen.getByRole('heading', { name: '日报' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows that the code failed to load, and 重试 loads it again and shows the page', async () => {
    const { load, last } = chunk();
    const Page = lazyPage(load, 'ReportPage');
    render(<Page title="日报" />);
    await act(async () => last()?.reject(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert').textContent).toContain('页面加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => last()?.resolve(reportModule));
    expect(screen.getByRole('heading', { name: '日报' })).toBeTruthy();
  });

  it('gives up waiting after 120 s and says so, and 重试 shows the page once the code is there', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { load, requests } = chunk();
    const Page = lazyPage(load, 'ReportPage');
    render(<Page title="日报" />);
    await act(async () => vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toContain('页面加载超时');
    expect(screen.getByRole('alert').textContent).toContain('120 秒');
    // The code arrives late: the page waits for 重试 rather than jump in under the user's eyes.
    await act(async () => requests[0]?.resolve(reportModule));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await act(async () => requests[1]?.resolve(reportModule));
    expect(screen.getByRole('heading', { name: '日报' })).toBeTruthy();
  });

  it('loads the code once for every place that shows the page, and 重试 brings it to all of them', async () => {
    const { load, last } = chunk();
    const Page = lazyPage(load, 'ReportPage');
    render(
      <>
        <Page title="日报" />
        <Page title="周报" />
      </>,
    );
    await act(async () => last()?.reject(new TypeError('Failed to fetch')));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: '重试' })[0] as HTMLElement);
    await act(async () => last()?.resolve(reportModule));
    expect(screen.getByRole('heading', { name: '日报' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '周报' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('settles preload whether the code comes or not, so a router can wait for it', async () => {
    const { load, last } = chunk();
    const Page = lazyPage(load, 'ReportPage');
    const settled = Page.preload();
    last()?.reject(new TypeError('Failed to fetch'));
    await expect(settled).resolves.toBeUndefined();
    render(<Page title="日报" />);
    expect(screen.getByRole('alert').textContent).toContain('页面加载失败');
  });
});

describe('the page error boundary', () => {
  it('shows that the page broke, and 重试 mounts it anew', () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('broken on purpose');
      return <h1>恢复了</h1>;
    }
    render(
      <PageErrorBoundary>
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('页面出错了');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(screen.getByRole('heading', { name: '恢复了' })).toBeTruthy();
  });
});

describe('the script a failed import names', () => {
  it('is read from Chromium’s and Firefox’s messages', () => {
    const chromium = new TypeError(
      'Failed to fetch dynamically imported module: http://127.0.0.1:8080/assets/RolePage-CN7_xTek.js',
    );
    expect(failedScriptAddress(chromium)?.href).toBe('http://127.0.0.1:8080/assets/RolePage-CN7_xTek.js');
    const firefox = new TypeError(
      'error loading dynamically imported module: https://city.example/assets/a.js',
    );
    expect(failedScriptAddress(firefox)?.pathname).toBe('/assets/a.js');
  });

  it('is none for an error that names no script', () => {
    expect(failedScriptAddress(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedScriptAddress(new Error('Unable to preload CSS for http://x/assets/a.css'))).toBeNull();
    expect(failedScriptAddress('Failed')).toBeNull();
  });
});
