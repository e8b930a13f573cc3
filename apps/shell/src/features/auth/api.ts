import { authEndpoints, type LoginRequest } from '@cityops/contract';
import { http } from '../../app/http';
import { logout as endSession } from './session';

export const login = (body: LoginRequest) => http.call(authEndpoints.login, { body });

/**
 * The user session behind the token. Quiet: the route guard reports a failure itself, because it
 * sends the user to the login page, where the 确定登出 box would offer nothing to stay for.
 */
export const fetchUserPermissions = (signal?: AbortSignal) =>
  http.call(authEndpoints.userPermissions, { quiet: true, signal });

/** Keepalive: extends the session's expiry. */
export const postpone = () => http.call(authEndpoints.postpone);

export const logout = () => endSession(http);
