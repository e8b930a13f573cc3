import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused } from '../../../test/api';
import { renderRoutesAt } from '../../../test/renderRoutes';
import { useTabs } from '../../tabs/tabStore';

const FIND = '/api/videoMonitor/platform/find';
const UPDATE = '/api/videoMonitor/platform/update';
const LIST = '/api/sys/parameter/list';
const SAVE = '/api/sys/parameter/update';
const parameters = {
  session: { idleMinutes: 30 },
  tabs: { maxTabs: 12 },
  signInLock: { maxFailures: 5, lockMinutes: 10 },
  password: { minLength: 6, requiredClasses: [], mustChangeFirst: true },
  map: {
    provider: 'amap',
    tileUrl: '',
    tileCoordinates: 'wgs84',
    extractFile: '',
    amapKey: '******',
    amapSecurityCode: '',
    centerLng: 113.93041,
    centerLat: 22.53332,
    zoom: 14,
  },
};
const hik = {
  platformCode: 'hik_isc_huati',
  baseUrl: 'http://127.0.0.1:10801',
  appKey: '26104913',
  appSecret: '******',
  timeoutMs: 5000,
};
const icc = {
  platformCode: 'dh_icc_huati',
  baseUrl: 'http://127.0.0.1:10802',
  username: 'system',
  password: '******',
  clientId: 'cityops',
  clientSecret: '******',
  timeoutMs: 5000,
};
const admin = {
  ...adminSession,
  elements: ['parameterManage_edit'],
  menus: [
    ...adminSession.menus,
    {
      id: 9,
      parentId: 1,
      type: 2,
      code: 'parameterManage',
      name: '参数管理',
      url: '/admin/parameterManage',
      sortNum: 9,
      icon: '',
      level: 2,
    },
  ],
};

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  useTabs.getState().reset();
});

function renderPage(
  update: (body: unknown) => ReturnType<typeof ok>,
  saveParameters: (body: unknown) => ReturnType<typeof ok> = () => ok(parameters),
  session = admin,
) {
  writeSessionCookies('token-admin', 1);
  const api = mockApi({
    '/api/user/queryUserPermissions': () => ok(session),
    [FIND]: () => ok([icc, hik]),
    [UPDATE]: ({ body }) => update(body),
    [LIST]: () => ok(parameters),
    [SAVE]: ({ body }) => saveParameters(body),
  });
  renderRoutesAt('/admin/parameterManage');
  return api;
}

describe('参数管理: the video platforms', () => {
  it('shows each platform without its secrets, and saves an address while keeping the stored secret', async () => {
    const api = renderPage((body) => ok({ ...hik, ...(body as object), appSecret: '******' }));
    const form = await screen.findByRole('form', { name: /海康综合安防平台/ });
    expect(within(form).getByLabelText('平台地址')).toHaveProperty('value', 'http://127.0.0.1:10801');
    expect(within(form).getByLabelText('AppSecret')).toHaveProperty('value', '');
    expect(within(form).getByText('已保存；留空则保持不变')).toBeTruthy();
    expect(screen.getByRole('form', { name: /大华 ICC 平台/ })).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('平台地址'), {
      target: { value: 'https://isc.city.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('海康综合安防平台（hik_isc_huati）的参数已保存')).toBeTruthy();
    expect(api.sentTo(UPDATE)).toEqual([
      {
        platformCode: 'hik_isc_huati',
        baseUrl: 'https://isc.city.example',
        appKey: '26104913',
        timeoutMs: 5000,
      },
    ]);
  });

  it('sends a new secret, and shows the server’s reason when it refuses', async () => {
    const api = renderPage(() => refused(10001, '参数baseUrl不合法：必须是 http 或 https 地址'));
    const form = await screen.findByRole('form', { name: /大华 ICC 平台/ });
    fireEvent.change(within(form).getByLabelText('密码'), { target: { value: 'N3w-secret' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('参数baseUrl不合法：必须是 http 或 https 地址')).toBeTruthy();
    await vi.waitFor(() => expect(api.sentTo(UPDATE)).toHaveLength(1));
    expect(api.sentTo(UPDATE)[0]).toMatchObject({ platformCode: 'dh_icc_huati', password: 'N3w-secret' });
    expect(api.sentTo(UPDATE)[0]).not.toHaveProperty('clientSecret');
  });

  it('refuses to send an empty address', async () => {
    const api = renderPage((body) => ok(body));
    const form = await screen.findByRole('form', { name: /海康综合安防平台/ });
    fireEvent.change(within(form).getByLabelText('平台地址'), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入平台地址')).toBeTruthy();
    expect(api.sentTo(UPDATE)).toEqual([]);
  });
});

describe('参数管理: the system parameters', () => {
  const change = (form: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });

  it('shows each group in force and saves one group on its own', async () => {
    const api = renderPage(
      () => ok(null),
      (body) =>
        ok({ ...parameters, session: { idleMinutes: (body as { idleMinutes: number }).idleMinutes } }),
    );
    const session = await screen.findByRole('form', { name: '会话' });
    expect(within(session).getByLabelText('会话超时（分钟）')).toHaveProperty('value', '30');
    expect(
      within(screen.getByRole('form', { name: '登录锁定' })).getByLabelText('连续失败次数'),
    ).toHaveProperty('value', '5');
    change(session, '会话超时（分钟）', '15');
    fireEvent.click(within(session).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('会话参数已保存')).toBeTruthy();
    expect(api.sentTo(SAVE)).toEqual([{ group: 'session', idleMinutes: 15 }]);
  });

  it('refuses values out of range in words, before sending anything', async () => {
    const api = renderPage(() => ok(null));
    const tabs = await screen.findByRole('form', { name: '标签页' });
    change(tabs, '最多打开的标签页', '51');
    fireEvent.click(within(tabs).getByRole('button', { name: '保存' }));
    expect(await within(tabs).findByText('最多打开的标签页应为1-50的整数')).toBeTruthy();

    const map = screen.getByRole('form', { name: '地图' });
    change(map, '默认中心经度', '200');
    change(map, '默认中心纬度', '91');
    fireEvent.click(within(map).getByRole('button', { name: '保存' }));
    expect(await within(map).findByText('请输入正确的经度，-180~180')).toBeTruthy();
    expect(await within(map).findByText('请输入正确的纬度，-90~90')).toBeTruthy();
    expect(api.sentTo(SAVE)).toEqual([]);
  });

  it('keeps the stored AMap key unless a new one is typed, and keeps what was typed when refused', async () => {
    const api = renderPage(
      () => ok(null),
      () => refused(10001, '请输入正确的经度，-180~180'),
    );
    const map = await screen.findByRole('form', { name: '地图' });
    expect(within(map).getByLabelText('高德Key')).toHaveProperty('value', '');
    expect(within(map).getByText('已保存；留空则保持不变')).toBeTruthy();
    change(map, '默认中心经度', '116.39748');
    change(map, '默认缩放级别', '12');
    fireEvent.click(within(map).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入正确的经度，-180~180')).toBeTruthy();
    await vi.waitFor(() => expect(api.sentTo(SAVE)).toHaveLength(1));
    expect(api.sentTo(SAVE)[0]).toEqual({
      group: 'map',
      provider: 'amap',
      tileUrl: '',
      tileCoordinates: 'wgs84',
      extractFile: '',
      centerLng: 116.39748,
      centerLat: 22.53332,
      zoom: 12,
    });
    // Nothing typed is lost on a refusal.
    expect(within(map).getByLabelText('默认中心经度')).toHaveProperty('value', '116.39748');
    expect(within(map).getByLabelText('默认缩放级别')).toHaveProperty('value', '12');
  });

  it("chooses a city's offline tile extract by its file name, refusing a name that is no extract's", async () => {
    const api = renderPage(() => ok(null));
    const map = await screen.findByRole('form', { name: '地图' });
    fireEvent.click(within(map).getByLabelText('离线瓦片包'));
    expect(await within(map).findByText(/DATA_DIR\/map/)).toBeTruthy();
    change(map, '离线瓦片包文件', '../secrets.key');
    fireEvent.click(within(map).getByRole('button', { name: '保存' }));
    expect(await within(map).findByText(/文件名应以 \.pmtiles 结尾/)).toBeTruthy();
    expect(api.sentTo(SAVE)).toEqual([]);
    change(map, '离线瓦片包文件', 'shenzhen.pmtiles');
    fireEvent.click(within(map).getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(api.sentTo(SAVE)).toHaveLength(1));
    expect(api.sentTo(SAVE)[0]).toMatchObject({
      group: 'map',
      provider: 'extract',
      extractFile: 'shenzhen.pmtiles',
    });
  });

  it('shows the parameters without a save button to a user without 编辑参数', async () => {
    renderPage(() => ok(null), undefined, { ...admin, elements: [] });
    const password = await screen.findByRole('form', { name: '密码策略' });
    expect(within(password).getByLabelText('最小长度')).toHaveProperty('disabled', true);
    expect(within(password).queryByRole('button', { name: '保存' })).toBeNull();
  });
});
