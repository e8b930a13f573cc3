import { describe, expect, it } from 'vitest';
import { COOKIE_TOKEN } from '@cityops/contract';
import { readCookie } from '@cityops/client';
import { adminLogin, adminSession, mockApi, ok } from '../test/api';
import { sessionKey } from '../features/auth/queries';
import { useMenuSearch } from '../features/menu/searchShortcut';
import { startFullApp } from './fullApp';
import { queryClient } from './queryClient';
import { router } from './router';

const PERMISSIONS = '/api/user/queryUserPermissions';

describe('the full shell after a sign-in on the light login', () => {
  it('seeds the session from the sign-in answer and starts on the forward address', async () => {
    const { sentTo } = mockApi({});
    await startFullApp({ login: adminLogin, path: '/admin/userManage' });
    expect(queryClient.getQueryData(sessionKey('token-admin'))).toEqual(adminSession);
    expect(readCookie(COOKIE_TOKEN)).toBe('token-admin');
    expect(router.state.location.pathname).toBe('/admin/userManage');
    // No second call stands between the click and the menu.
    expect(sentTo(PERMISSIONS)).toEqual([]);
  });

  it('loads the session at once when the answer has none (the licence case)', async () => {
    const { sentTo } = mockApi({ [PERMISSIONS]: () => ok(adminSession) });
    await startFullApp({ login: { ...adminLogin, session: undefined }, path: '/' });
    expect(sentTo(PERMISSIONS)).toHaveLength(1);
  });

  it('hears Ctrl+K from the moment the address leaves /login, before the layout mounts', async () => {
    mockApi({});
    await startFullApp({ login: adminLogin, path: '/' });
    await startFullApp({ login: adminLogin, path: '/' });
    let presses = 0;
    const unsubscribe = useMenuSearch.subscribe(() => (presses += 1));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true }));
    unsubscribe();
    expect(useMenuSearch.getState().open).toBe(true);
    // A retried start keeps one listener: the press is heard once.
    expect(presses).toBe(1);
    useMenuSearch.getState().setOpen(false);
  });
});
