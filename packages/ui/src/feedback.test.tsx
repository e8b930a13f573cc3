// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedbackHost, openConfirm, showMessage, showMessageAfterReload } from './feedback.js';
import { initI18n } from './i18n/i18n.js';

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('showMessage', () => {
  it('shows the level default text when given none', async () => {
    render(<FeedbackHost />);
    act(() => showMessage('WARN'));
    expect(await screen.findByText('警告')).toBeTruthy();
  });

  it('keeps one message at a time', async () => {
    render(<FeedbackHost />);
    act(() => showMessage('FAIL', '第一条'));
    await screen.findByText('第一条');
    act(() => showMessage('SUCCESS', '第二条'));
    await screen.findByText('第二条');
    await vi.waitFor(() => expect(screen.queryByText('第一条')).toBeNull());
  });
});

describe('showMessageAfterReload', () => {
  it('shows the message once, on the next page load', async () => {
    showMessageAfterReload('SUCCESS', '修改密码操作成功，请重新登录。');
    expect(screen.queryByText('修改密码操作成功，请重新登录。')).toBeNull();
    render(<FeedbackHost />);
    expect(await screen.findByText('修改密码操作成功，请重新登录。')).toBeTruthy();
    expect(sessionStorage.getItem('cityops-pending-message')).toBeNull();
  });

  it('drops a malformed stored message', () => {
    sessionStorage.setItem('cityops-pending-message', '{"level":"BOOM"');
    render(<FeedbackHost />);
    expect(sessionStorage.getItem('cityops-pending-message')).toBeNull();
  });
});

describe('openConfirm', () => {
  it('resolves with the choice', async () => {
    render(<FeedbackHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = openConfirm({ title: '确定登出', okText: '重新登录', cancelText: '取消' });
    });
    (await screen.findByRole('button', { name: '重新登录' })).click();
    await expect(answer).resolves.toBe(true);
  });
});
