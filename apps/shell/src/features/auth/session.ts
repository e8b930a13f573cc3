import { create } from 'zustand';
import { authEndpoints, type LoginData, type UserPermissions } from '@cityops/contract';
import { clearSessionCookies, writeSessionCookies, type HttpClient } from '@cityops/client';
import { queryClient } from '../../app/queryClient';
import { useTabs } from '../tabs/tabStore';

/**
 * The signed-in user's session (platform-shell.md §3). The token itself lives in the `user-Token`
 * cookie, the one place every sub-app can read it; this store holds what the token unlocks.
 */
interface SessionState {
  /** The user info and permissions; null until loaded after sign-in (or after a reload). */
  user: UserPermissions | null;
  /** The token `user` was loaded with: another tab signing in as someone else changes the cookie. */
  userToken: string | null;
  setUser(token: string, user: UserPermissions): void;
  clear(): void;
}

export const useSession = create<SessionState>()((set) => ({
  user: null,
  userToken: null,
  setUser: (userToken, user) => set({ user, userToken }),
  clear: () => set({ user: null, userToken: null }),
}));

/** After a successful login: keep the token and user type; the route guard loads the rest. */
export function signIn(login: LoginData): void {
  useSession.getState().clear();
  queryClient.clear();
  writeSessionCookies(login.token, login.userType);
}

/** Local logout: forget the token, the user, every cached answer and the open tabs. */
export function signOutLocally(): void {
  clearSessionCookies();
  useSession.getState().clear();
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
