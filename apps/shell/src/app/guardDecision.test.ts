import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '@cityops/contract';
import { decideRoute } from './guardDecision';

const signedOut = { hasToken: false, userLoaded: false };
const signedIn = { hasToken: true, userLoaded: true };

describe('route guard', () => {
  it.each(PUBLIC_PATHS.filter((path) => !path.endsWith('/login')))(
    'lets anyone reach the public page %s',
    (path) => {
      expect(decideRoute({ path, ...signedOut })).toEqual({ action: 'render' });
      expect(decideRoute({ path, hasToken: true, userLoaded: false })).toEqual({ action: 'render' });
    },
  );

  it('shows the login pages without a token', () => {
    expect(decideRoute({ path: '/login', ...signedOut })).toEqual({ action: 'render' });
    expect(decideRoute({ path: '/dashboard/login', ...signedOut })).toEqual({ action: 'render' });
  });

  it.each(['/', '/center', '/admin/userManage', '/404', '/no/such/page'])(
    'sends %s to /login without a token',
    (path) => {
      expect(decideRoute({ path, ...signedOut })).toEqual({ action: 'redirect', to: '/login' });
    },
  );

  it('sends /login to / with a token', () => {
    expect(decideRoute({ path: '/login', ...signedIn })).toEqual({ action: 'redirect', to: '/' });
    expect(decideRoute({ path: '/login/', hasToken: true, userLoaded: false })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('loads the user info first when it is not loaded yet', () => {
    expect(decideRoute({ path: '/', hasToken: true, userLoaded: false })).toEqual({ action: 'load-user' });
    expect(decideRoute({ path: '/no/such/page', hasToken: true, userLoaded: false })).toEqual({
      action: 'load-user',
    });
  });

  it('does not load the user info for /404', () => {
    expect(decideRoute({ path: '/404', hasToken: true, userLoaded: false })).toEqual({ action: 'render' });
  });

  it('renders any page once the user info is loaded', () => {
    expect(decideRoute({ path: '/', ...signedIn })).toEqual({ action: 'render' });
    expect(decideRoute({ path: '/admin/userManage', ...signedIn })).toEqual({ action: 'render' });
  });

  it('sends a loaded user to /404 for a page they hold no code for, and lets them open one they do', () => {
    const enabledPaths = new Set(['/', '/admin/userManage']);
    const loaded = { hasToken: true, userLoaded: true, enabledPaths };
    expect(decideRoute({ path: '/admin/userManage', ...loaded })).toEqual({ action: 'render' });
    expect(decideRoute({ path: '/admin/roleManage', ...loaded })).toEqual({ action: 'redirect', to: '/404' });
    expect(decideRoute({ path: '/iotcloud/iot/lamp/plan/', ...loaded })).toEqual({
      action: 'redirect',
      to: '/404',
    });
    expect(decideRoute({ path: '/license', ...loaded })).toEqual({ action: 'render' });
  });

  it('waits for the user info before deciding a page is not permitted', () => {
    const enabledPaths = new Set<string>();
    expect(
      decideRoute({ path: '/admin/roleManage', hasToken: true, userLoaded: false, enabledPaths }),
    ).toEqual({
      action: 'load-user',
    });
  });
});
