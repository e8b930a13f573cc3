import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused } from '../../../test/api';
import { renderRoutesAt } from '../../../test/renderRoutes';
import { useTabs } from '../../tabs/tabStore';

const FIND = '/api/videoMonitor/platform/find';
const UPDATE = '/api/videoMonitor/platform/update';
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

function renderPage(update: (body: unknown) => ReturnType<typeof ok>) {
  writeSessionCookies('token-admin', 1);
  const api = mockApi({
    '/api/user/queryUserPermissions': () => ok(admin),
    [FIND]: () => ok([icc, hik]),
    [UPDATE]: ({ body }) => update(body),
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
