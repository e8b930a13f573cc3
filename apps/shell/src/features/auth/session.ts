import { authEndpoints, type LoginData } from '@cityops/contract';
import { clearSessionCookies, writeSessionCookies, type HttpClient } from '@cityops/client';
import { queryClient } from '../../app/queryClient';
import { SESSION_KEY_ROOT, sessionQuery } from './queries';
import { useTabs } from '../tabs/tabStore';

/**
 * Signing in and out (platform-shell.md §3). The token lives in the `user-Token` cookie, the one place
 * every sub-app can read it; what it unlocks is the session query (`./queries`).
 */

const signedOutListeners = new Set<() => void>();

/** Runs `listener` at each local sign-out, before the tabs close (the frames hear it while they exist). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * After a successful login: keep the token and user type, and the session (menus, elements) the
 * sign-in answer carries, so the route guard finds it in the cache: no second call stands between
 * the click and the menu. Without it (the licence is not valid) the session starts
 * loading at once; the route guard picks up that load and handles its failure (10402: /license).
 */
export function signIn(login: LoginData): void {
  queryClient.clear();
  writeSessionCookies(login.token, login.userType);
  const session = sessionQuery(login.token);
  if (login.session) queryClient.setQueryData(session.queryKey, login.session);
  else void queryClient.prefetchQuery(session);
}

/** Local logout: forget the token, every cached answer (the session's too) and the open tabs. */
export function signOutLocally(): void {
  clearSessionCookies();
  for (const listener of signedOutListeners) listener();
  // Emptied first, so every reader of the session hears that it ended (the guard leaves the layout,
  // frames included, at once); clearing alone drops the queries without telling their readers.
  void queryClient.resetQueries({ queryKey: SESSION_KEY_ROOT });
  queryClient.clear();
  useTabs.getState().reset();
}

/** POST /login/doLogout; whatever it answers, the session ends here too (§7: failure still clears). */
export async function logout(http: HttpClient): Promise<void> {
  try {
    await http.call(authEndpoints.logout, { quiet: true });
  } catch {
    // Nothing to tell the user: they asked to leave, and they have.
  } finally {
    signOutLocally();
  }
}
