import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN } from '@cityops/contract';
import { readCookie, writeSessionCookies } from '@cityops/client';
import { AppConfigProvider, FeedbackHost, initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused } from '../../test/api';
import { queryClient } from '../../app/queryClient';
import { sessionKey } from '../auth/queries';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DefaultProjectDialog } from './DefaultProjectDialog';

const UPDATE_PWD = '/api/user/updatePwd';
const PROJECTS = '/api/sys/project/listByUser';
const SET_PROJECT = '/api/user/set/addUpdateProject';

function renderWithApp(node: ReactNode) {
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </AppConfigProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirmOk = () => {
  const buttons = screen.getAllByRole('button', { name: '确定' });
  fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
};

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  writeSessionCookies('token-admin', 1);
  queryClient.setQueryData(sessionKey('token-admin'), adminSession);
});

describe('change password dialog', () => {
  it('shows every rule verbatim', async () => {
    renderWithApp(<ChangePasswordDialog onClose={() => undefined} />);
    confirmOk();
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    expect(await screen.findByText('请输入确认新密码')).toBeTruthy();
    type('新密码', 'abcdefg');
    expect(
      await screen.findByText('密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位'),
    ).toBeTruthy();
    type('新密码', 'Changed@123');
    type('确认新密码', 'Changed@124');
    expect(await screen.findByText('确认新密码和新密码不一致。')).toBeTruthy();
  });

  it('says a required change is required, offers no way to dismiss it, and signs out instead of cancelling', () => {
    const onClose = vi.fn();
    const onSignOut = vi.fn();
    renderWithApp(<ChangePasswordDialog onClose={onClose} onSignOut={onSignOut} />);
    expect(screen.getByText(/请先修改密码再继续使用系统/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('drops Chinese characters as they are typed', () => {
    renderWithApp(<ChangePasswordDialog onClose={() => undefined} />);
    type('原密码', 'ab中文cd');
    expect(screen.getByLabelText<HTMLInputElement>('原密码').value).toBe('abcd');
  });

  it('says the user is gone when there is no user id', async () => {
    queryClient.clear();
    renderWithApp(<ChangePasswordDialog onClose={() => undefined} />);
    type('原密码', 'Admin@123');
    type('新密码', 'Changed@123');
    type('确认新密码', 'Changed@123');
    confirmOk();
    expect(await screen.findByText('用户已失效，请刷新页面重新登录。')).toBeTruthy();
  });

  it('asks first, then changes the password, says so and ends the session', async () => {
    const { sentTo } = mockApi({ [UPDATE_PWD]: () => ok(null) });
    const afterChange = vi.fn();
    renderWithApp(<ChangePasswordDialog onClose={() => undefined} afterChange={afterChange} />);
    type('原密码', 'Admin@123');
    type('新密码', 'Changed@123');
    type('确认新密码', 'Changed@123');
    confirmOk();
    expect(await screen.findAllByText('此操作将修改用户密码, 是否继续?')).not.toHaveLength(0);
    expect(sentTo(UPDATE_PWD)).toHaveLength(0);
    confirmOk();
    // Said on the page the reload opens (/login): shown now it would vanish with this page.
    await vi.waitFor(() => expect(afterChange).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem('cityops-pending-message')).toContain('修改密码操作成功，请重新登录。');
    expect(sentTo(UPDATE_PWD)).toEqual([
      { oldPassword: 'Admin@123', password: 'Changed@123', confirmPass: 'Changed@123' },
    ]);
    expect(afterChange).toHaveBeenCalledOnce();
    expect(readCookie(COOKIE_TOKEN)).toBeFalsy();
    expect(queryClient.getQueryData(sessionKey('token-admin'))).toBeUndefined();
  });

  it('shows the server refusal and keeps the session', async () => {
    mockApi({ [UPDATE_PWD]: () => refused(10001, '原密码错误') });
    const afterChange = vi.fn();
    renderWithApp(<ChangePasswordDialog onClose={() => undefined} afterChange={afterChange} />);
    type('原密码', 'Wrong@123');
    type('新密码', 'Changed@123');
    type('确认新密码', 'Changed@123');
    confirmOk();
    await screen.findAllByText('此操作将修改用户密码, 是否继续?');
    confirmOk();
    expect(await screen.findByText('原密码错误')).toBeTruthy();
    expect(afterChange).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionKey('token-admin'))).toBeDefined();
  });
});

describe('default project dialog', () => {
  const projects = [
    { projectId: 7, projectName: '杭州西湖景区亮化工程', longitude: null, latitude: null, polygon: [] },
    { projectId: 8, projectName: '滨江路灯改造', longitude: null, latitude: null, polygon: [] },
  ];

  it('requires a project', async () => {
    mockApi({ [PROJECTS]: () => ok(projects) });
    renderWithApp(<DefaultProjectDialog onClose={() => undefined} />);
    confirmOk();
    expect(await screen.findByText('请选择一个项目')).toBeTruthy();
  });

  it('asks first, saves, says 设置默认加载项目操作成功 and updates the session', async () => {
    const { fetchMock } = mockApi({
      [PROJECTS]: () => ok(projects),
      [SET_PROJECT]: ({ url }) =>
        ok({ projectId: Number(url.searchParams.get('projectId')), projectName: 'x' }),
    });
    const onClose = vi.fn();
    renderWithApp(<DefaultProjectDialog onClose={onClose} />);
    fireEvent.mouseDown(screen.getByLabelText('默认项目'));
    fireEvent.click(await screen.findByTitle('杭州西湖景区亮化工程'));
    confirmOk();
    expect(await screen.findAllByText('此操作将设置默认加载项目, 是否继续?')).not.toHaveLength(0);
    confirmOk();
    expect(await screen.findByText('设置默认加载项目操作成功')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes(SET_PROJECT));
    expect(new URL(String(call?.[0]), window.location.origin).searchParams.get('projectId')).toBe('7');
    await waitFor(() =>
      expect(queryClient.getQueryData(sessionKey('token-admin'))?.defaultProjectId).toBe(7),
    );
    expect(onClose).toHaveBeenCalled();
  });
});
