import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessProvider, AppConfigProvider, initI18n } from '@cityops/ui';
import { mockApi, ok } from '../../test/api';
import { MessageBell } from './MessageBell';

const PAGE_LIST = '/api/sys/message/pageList';
const page = (noReadCount: number) => ok({ messageList: [], noReadCount, total: noReadCount });

function renderBell(elements: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <MessageBell /> },
      { path: '/admin/message', element: <p>消息中心页面</p> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppConfigProvider>
      <QueryClientProvider client={client}>
        <AccessProvider elements={elements}>
          <RouterProvider router={router} />
        </AccessProvider>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('message centre icon', () => {
  it('is absent without msg_page, and asks nothing', () => {
    const { sentTo } = mockApi({ [PAGE_LIST]: () => page(3) });
    renderBell(['user_add']);
    expect(screen.queryByRole('button', { name: /消息中心/ })).toBeNull();
    expect(sentTo(PAGE_LIST)).toHaveLength(0);
  });

  it('shows a dot with the unread count for msg_page and opens the message centre', async () => {
    mockApi({ [PAGE_LIST]: () => page(3) });
    renderBell(['msg_page']);
    const bell = await screen.findByRole('button', { name: '消息中心（3 条未读）' });
    expect(document.querySelector('.ant-badge-dot')).not.toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByText('消息中心页面')).toBeTruthy();
  });

  it('shows no dot when everything is read', async () => {
    const { sentTo } = mockApi({ [PAGE_LIST]: () => page(0) });
    renderBell(['msg_page']);
    await screen.findByRole('button', { name: '消息中心' });
    await vi.waitFor(() => expect(sentTo(PAGE_LIST)).toHaveLength(1));
    expect(document.querySelector('.ant-badge-dot')).toBeNull();
  });
});
