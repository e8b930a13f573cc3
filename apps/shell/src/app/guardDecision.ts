import { LOGIN_PATHS, PUBLIC_PATHS, findRouteByPath } from '@cityops/contract';

export interface GuardInput {
  path: string;
  hasToken: boolean;
  /** Whether the user info (menus, permissions) has been loaded for this token. */
  userLoaded: boolean;
  /**
   * Paths the loaded user may open (their permission codes enable them). Without it, permission
   * routes are not checked.
   */
  enabledPaths?: ReadonlySet<string>;
}

export type GuardDecision =
  | { action: 'render' }
  | { action: 'redirect'; to: string }
  /** Load the user info, show 系统加载中 meanwhile, then decide again. */
  | { action: 'load-user' };

export const NOT_FOUND_PATH = '/404';

/** '/login/' and '/login' are the same page. */
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const isLoginPath = (path: string) => LOGIN_PATHS.some((login) => login === normalise(path));
export const isPublicPath = (path: string) => PUBLIC_PATHS.some((open) => open === normalise(path));

/** The route guard of platform-shell.md §2 as a pure decision. */
export function decideRoute({ path, hasToken, userLoaded, enabledPaths }: GuardInput): GuardDecision {
  if (hasToken && isLoginPath(path)) return { action: 'redirect', to: '/' };
  if (isPublicPath(path)) return { action: 'render' };
  if (!hasToken) return { action: 'redirect', to: '/login' };
  if (!userLoaded && normalise(path) !== NOT_FOUND_PATH) return { action: 'load-user' };
  // A page the user holds no code for does not exist for them, even when its address is typed in.
  const route = findRouteByPath(normalise(path));
  if (userLoaded && enabledPaths && route?.access === 'permission' && !enabledPaths.has(route.path))
    return { action: 'redirect', to: NOT_FOUND_PATH };
  return { action: 'render' };
}
