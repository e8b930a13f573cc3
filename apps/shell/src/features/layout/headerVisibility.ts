import type { MenuNode } from '@cityops/client';

/** The home page of this shell is `/` (the "home" mark of video-talk-alarm-header.md §2.3). */
export const HOME_PATH = '/';

/** Exact paths without a header (video-talk-alarm-header.md §2.3). */
const HIDDEN_PATHS: readonly string[] = [
  '/login',
  '/dashboard/login',
  '/404',
  '/center',
  '/iotcloud/iot/alarmbox/monitorReceiver',
  '/llapp/landscapeLighting/overview',
];

/** Path prefixes without a header (§2.3): full-screen dashboards and the password-free sign-in. */
const HIDDEN_PREFIXES: readonly string[] = [
  '/userlogin',
  '/iotcloud/dashboard/dashboard',
  '/zcapp/dashboard/index',
  '/zcapp/dashboard/detail',
  '/zcapp/dashboard/login',
  '/zcapp/dashboard/UE4Loading',
  '/zcapp/dashboard/resourcemanagement',
  '/zcapp/dashboard/alarm',
  '/zcapp/dashboardLight/index',
];

/**
 * Whether the header is hidden on `path` (§2.3). `/` keeps its header only when the store marks it as
 * the home page; `homePath` is that mark.
 */
export function isHeaderHidden(path: string, homePath: string | null): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === '/') return homePath !== '/';
  if (HIDDEN_PATHS.includes(clean)) return true;
  if (clean.endsWith('/404')) return true;
  return HIDDEN_PREFIXES.some((prefix) => clean.startsWith(prefix));
}

/**
 * The first page of a system or group, in menu order and depth first, that shows the header: where a
 * click on the system lands, so the user keeps the menus and the way out; a full-screen page (a
 * dashboard, the alarm receiver) is opened on purpose from the side menu. Null when it has none.
 */
export function firstPageWithHeader(node: MenuNode): string | null {
  for (const child of node.children) {
    if (!child.enable || child.external) continue;
    if (child.children.length > 0) {
      const found = firstPageWithHeader(child);
      if (found) return found;
    } else if (!isHeaderHidden(child.url, HOME_PATH)) return child.url;
  }
  return null;
}
