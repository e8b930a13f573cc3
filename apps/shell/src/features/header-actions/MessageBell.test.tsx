import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessProvider, AppConfigProvider, initI18n } from '@cityops/ui';
import { CrudProvider } from '@cityops/crud';
import { crudEnvironment } from '../../app/crud';
import { adminSession, mockApi, ok } from '../../test/api';
import { sessionKey } from '../auth/queries';
import { UNREAD_COUNT_KEY } from '../messageCentre/unreadCount';
import { MessageBell } from './MessageBell';
import { StableNavigateContext } from '../../app/navigation';

const PAGE_LIST = '/api/sys/message/pageList';
const page = (noReadCount: number) => ok({ messageList: [], noReadCount, total: noReadCount });

/** The bell with the navigation the route guard gives the layout. */
function GuardNavigate() {
  return (
    <StableNavigateContext value={useNavigate()}>
      <MessageBell />
    </StableNavigateContext>
  );
}

const messageCentre = {
  id: 9,
  parentId: 1,
  code: 'message',
  type: 2,
  name: '消息中心',
  url: '/admin/message',
  sortNum: 9,
  icon: '',
  level: 2,
};
const WITH_MESSAGE_CENTRE = [...adminSession.menus, messageCentre];

/** The bell with the unread count as the push (or the fallback poll) left it, for a user holding `pages`. */
function renderBell(elements: string[], unread?: number, pages = WITH_MESSAGE_CENTRE) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <GuardNavigate /> },
      { path: '/admin/message', element: <p>消息中心页面</p> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (unread !== undefined) client.setQueryData(UNREAD_COUNT_KEY, unread);
  client.setQueryData(sessionKey(null), { ...adminSession, menus: pages, elements });
  render(
    <AppConfigProvider>
      <QueryClientProvider client={client}>
        <CrudProvider value={crudEnvironment}>
          <AccessProvider elements={elements}>
            <RouterProvider router={router} />
          </AccessProvider>
        </CrudProvider>
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

  it('is absent with msg_page but without the message-centre page it would open', () => {
    const { sentTo } = mockApi({ [PAGE_LIST]: () => page(3) });
    renderBell(['msg_page'], 3, adminSession.menus);
    expect(screen.queryByRole('button', { name: /消息中心/ })).toBeNull();
    expect(sentTo(PAGE_LIST)).toHaveLength(0);
  });

  it('shows a dot with the unread count for msg_page and opens the message centre, asking nothing itself', async () => {
    const { sentTo } = mockApi({ [PAGE_LIST]: () => page(3) });
    renderBell(['msg_page'], 3);
    const bell = await screen.findByRole('button', { name: '消息中心（3 条未读）' });
    expect(document.querySelector('.ant-badge-dot')).not.toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByText('消息中心页面')).toBeTruthy();
    expect(sentTo(PAGE_LIST)).toHaveLength(0);
  });

  it('shows no dot when everything is read', async () => {
    renderBell(['msg_page'], 0);
    await screen.findByRole('button', { name: '消息中心' });
    expect(document.querySelector('.ant-badge-dot')).toBeNull();
  });
});
