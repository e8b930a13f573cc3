import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_VERSION,
  BUTTON_CODES,
  findRouteByPath,
  pageRequestSchema,
  textFilter,
  type PermissionItem,
} from '@cityops/contract';
import { useListState } from '@cityops/crud';
import { clearSessionCookies, writeSessionCookies } from '@cityops/client';
import { Can, initI18n, lazyPage } from '@cityops/ui';
import { createRuntime } from './runtime.js';
import { lightTheme } from './frameStore.js';
import { SubAppRoot, type SubAppPageProps } from './SubAppRoot.js';
import { testWindow } from './test/frameWindow.js';

const code = (path: string) => findRouteByPath(path)?.code ?? '';
const item = (id: number, parentId: number, type: number, itemCode: string, name: string, url = '') =>
  ({
    id,
    parentId,
    type,
    code: itemCode,
    name,
    url,
    sortNum: id,
    icon: '',
    level: 1,
  }) satisfies PermissionItem;
/** The operator: the video monitor pages of iotcloud, nothing of its street lamps. */
const MENUS = [
  item(1, 0, 0, 'iotcloud', '物联网平台'),
  item(2, 1, 1, 'iotcloud_iot_videoMonitor', '视频监控'),
  item(
    3,
    2,
    2,
    code('/iotcloud/iot/videoMonitor/playReal'),
    '实时预览',
    '/iotcloud/iot/videoMonitor/playReal',
  ),
  item(
    4,
    2,
    2,
    code('/iotcloud/iot/videoMonitor/playBack'),
    '录像回放',
    '/iotcloud/iot/videoMonitor/playBack',
  ),
];
const permissions = {
  userId: 2,
  userName: 'operator',
  name: '值班员',
  userType: 1,
  projects: [],
  userProjectIds: [],
  defaultProjectId: null,
  areaIds: [],
  menus: MENUS,
  elements: [],
  customConfig: {},
  mustChangePassword: false,
};

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  clearSessionCookies();
  vi.unstubAllGlobals();
});

function mount(path: string, pages = {}, user: object = permissions) {
  writeSessionCookies('frame-token', 1);
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ status_code: 1, message: '成功', data: user }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const frame = testWindow('iotcloud', path);
  const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
  render(<SubAppRoot runtime={runtime} pages={pages} />);
  const shell = (message: object) =>
    act(() =>
      frame.deliver({ source: 'cityops-shell', version: BRIDGE_VERSION, app: 'iotcloud', ...message }),
    );
  return { runtime, frame, fetchMock, shell };
}

/** The shell's welcome for a frame showing `path`, its only tab. */
const welcome = (path: string) => ({
  type: 'welcome',
  path,
  userId: 2,
  locale: 'zh-CN',
  theme: lightTheme,
  tabs: tabsFor(path),
});

const tabsFor = (...paths: string[]) =>
  paths.map((path) => ({ code: code(path), path, title: findRouteByPath(path)?.title ?? '' }));

describe('the sub-app root', () => {
  it('names a page that is not connected yet, with its place in the menu', async () => {
    mount('/iotcloud/iot/videoMonitor/playReal');
    expect(await screen.findByRole('heading', { name: '实时预览' })).toBeTruthy();
    expect(screen.getByText('尚未接入')).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: '菜单位置' });
    expect(trail.textContent).toContain('物联网平台');
    expect(trail.textContent).toContain('视频监控');
  });

  it('refuses a page the user holds no code for, and one that is not its own', async () => {
    mount('/iotcloud/iot/lamp/plan');
    expect(await screen.findByText('没有访问此页面的权限')).toBeTruthy();
    cleanup();
    mount('/omapp/assets/alarmManagement/alarmList');
    expect(await screen.findByText('子应用中没有这个页面')).toBeTruthy();
  });

  it('opens a public page without a session or a call', async () => {
    const { fetchMock } = mount('/iotcloud/iot/dynamicTable');
    clearSessionCookies();
    expect(await screen.findByRole('heading', { name: '动态数据表' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders its own page for a connected route', async () => {
    const Live = ({ route }: SubAppPageProps) => <p>live view of {route.code}</p>;
    mount('/iotcloud/iot/videoMonitor/playReal', { [code('/iotcloud/iot/videoMonitor/playReal')]: Live });
    expect(
      await screen.findByText(`live view of ${code('/iotcloud/iot/videoMonitor/playReal')}`),
    ).toBeTruthy();
  });

  it('says so, with 重试, when a page’s code does not load, and shows the page once it does', async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const Live = ({ route }: SubAppPageProps) => <p>live view of {route.code}</p>;
    const load = vi
      .fn<() => Promise<{ Live: typeof Live }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Live });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount(real, { [code(real)]: lazyPage(load, 'Live') });
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(`live view of ${code(real)}`)).toBeTruthy();
  });

  it('shows a page that breaks as broken, with 重试, instead of a white frame', async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const Broken = (): never => {
      throw new Error('broken on purpose');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount(real, { [code(real)]: Broken });
    expect(await screen.findByText('页面出错了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it("shows a page's buttons only to a user holding their codes", async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const { ptz, talk } = BUTTON_CODES.iot_videoMonitor_playReal;
    const Live = () => (
      <>
        <Can code={ptz}>
          <button type="button">云台控制</button>
        </Can>
        <Can code={talk}>
          <button type="button">语音对讲</button>
        </Can>
      </>
    );
    mount(real, { [code(real)]: Live }, { ...permissions, elements: [ptz] });
    expect(await screen.findByRole('button', { name: '云台控制' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '语音对讲' })).toBeNull();
  });

  it('keeps each open tab alive while another is in view, and lets it go when the tab closes', async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const back = '/iotcloud/iot/videoMonitor/playBack';
    const { shell } = mount(real);
    await shell(welcome(real));
    const note = await screen.findByRole('textbox', { name: '备注' });
    fireEvent.change(note, { target: { value: '2 号机位画面偏暗' } });

    await shell({ type: 'state', locale: 'zh-CN', theme: lightTheme, tabs: tabsFor(real, back) });
    await shell({ type: 'navigate', path: back, replace: true });
    expect(await screen.findByRole('heading', { name: '录像回放' })).toBeTruthy();
    await shell({ type: 'navigate', path: real, replace: true });
    expect(screen.getByDisplayValue('2 号机位画面偏暗')).toBeTruthy();

    // Its tab closed: the page is freed, and opening it again starts afresh.
    await shell({ type: 'navigate', path: back, replace: true });
    await shell({ type: 'state', locale: 'zh-CN', theme: lightTheme, tabs: tabsFor(back) });
    expect(screen.queryByDisplayValue('2 号机位画面偏暗')).toBeNull();
  });

  it('remounts only the page the shell refreshes', async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const { shell } = mount(real);
    await shell(welcome(real));
    fireEvent.change(await screen.findByRole('textbox', { name: '备注' }), { target: { value: 'x' } });
    await shell({ type: 'reload', path: real });
    expect((await screen.findByRole('textbox', { name: '备注' })).textContent).toBe('');
    expect(screen.queryByDisplayValue('x')).toBeNull();
  });

  it('drops every page when the user signs out', async () => {
    const { shell } = mount('/iotcloud/iot/videoMonitor/playReal');
    await screen.findByRole('heading', { name: '实时预览' });
    await shell({ type: 'logout' });
    expect(screen.getByText('您已退出登录')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '实时预览' })).toBeNull();
  });

  it("keeps a list page's paging and filters in the shell's address, and reads them back from it", async () => {
    const real = '/iotcloud/iot/videoMonitor/playReal';
    const schema = pageRequestSchema({ name: textFilter(50) }, ['name']);
    const Cameras = () => {
      const list = useListState(schema);
      return (
        <>
          <p>
            page {list.state.pageNum} of {list.state.name ?? 'every camera'}
          </p>
          <button type="button" onClick={() => list.update({ name: '南门' })}>
            filter
          </button>
          <button type="button" onClick={() => list.update({ pageNum: 3 })}>
            page 3
          </button>
        </>
      );
    };
    const { shell, frame } = mount(`${real}?pageNum=2&name=${encodeURIComponent('北门')}`, {
      [code(real)]: Cameras,
    });
    expect(await screen.findByText('page 2 of 北门')).toBeTruthy();
    await shell(welcome(`${real}?pageNum=2&name=${encodeURIComponent('北门')}`));

    // A new filter starts again at page 1; the shell is told to replace its address, not push one.
    fireEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(await screen.findByText('page 1 of 南门')).toBeTruthy();
    const filtered = frame
      .posted()
      .filter((message) => message.type === 'navigated')
      .at(-1);
    expect(filtered).toMatchObject({ replace: true });
    expect(new URL(String(filtered?.path), 'http://x').searchParams.get('name')).toBe('南门');

    fireEvent.click(screen.getByRole('button', { name: 'page 3' }));
    expect(await screen.findByText('page 3 of 南门')).toBeTruthy();
    // The shell's back button brings the earlier address, and with it the earlier list.
    await shell({
      type: 'navigate',
      path: `${real}?pageNum=2&name=${encodeURIComponent('北门')}`,
      replace: false,
    });
    expect(await screen.findByText('page 2 of 北门')).toBeTruthy();
  });
});
