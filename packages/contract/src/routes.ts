import { PUBLIC_PATHS, type SubApp } from './constants.js';
import {
  ADMIN_NEVER_CACHED,
  ADMIN_PAGE_NAMES,
  ADMIN_PAGES,
  SHELL_PAGES,
  SUB_APP_PAGES,
  type AdminPageName,
} from './route-pages.js';

export { ADMIN_NEVER_CACHED, ADMIN_PAGE_NAMES, type AdminPageName };

/** Who renders a route: the shell itself (top-level and /admin pages) or one of the sub-apps. */
export type RouteApp = 'shell' | SubApp;

/**
 * How a route is reached: `public` without a session (platform-shell.md §2, Route guard), `session`
 * with any session, `permission` only when the user holds a resource whose code equals the route's
 * code, case-insensitively (§6).
 */
export type RouteAccess = 'public' | 'session' | 'permission';

export interface RouteEntry {
  /** Full path, e.g. `/iotcloud/iot/lamp/plan`. */
  path: string;
  /** The route name, which is also its permission code (see `routeCodes` for the rule). */
  code: string;
  app: RouteApp;
  /** zh-CN title for tabs and breadcrumbs; in zh-CN the menu itself takes names from the server. */
  title: string;
  /** en-US title (sentence case), for tabs, breadcrumbs and the menu in English. */
  titleEn: string;
  access: RouteAccess;
  /**
   * Whether a tab may keep the page alive. An admin page that may is kept only when the page settings
   * list it (`cachedAdminPages`).
   */
  cached: boolean;
}

interface Draft {
  path: string;
  app: RouteApp;
  title: string;
  titleEn: string;
  code?: string;
  access: RouteAccess;
  cached: boolean;
}

const ADMIN_PREFIX = '/admin/';

const isAdminPageName = (name: string): name is AdminPageName =>
  (ADMIN_PAGE_NAMES as readonly string[]).includes(name);

/** The admin page a path shows (`/admin/userManage` → `userManage`), or null for any other path. */
export function adminPageOf(path: string): AdminPageName | null {
  if (!path.startsWith(ADMIN_PREFIX)) return null;
  const name = path.slice(ADMIN_PREFIX.length);
  return isAdminPageName(name) ? name : null;
}

const isPublicPath = (path: string) => (PUBLIC_PATHS as readonly string[]).includes(path);

function drafts(): Draft[] {
  const shell: Draft[] = SHELL_PAGES.map((page) => ({
    path: page.path,
    app: 'shell',
    title: page.title[0],
    titleEn: page.title[1],
    code: page.code,
    access: isPublicPath(page.path) ? 'public' : page.sessionOnly ? 'session' : 'permission',
    cached: false,
  }));
  const admin: Draft[] = ADMIN_PAGE_NAMES.map((name) => ({
    path: `${ADMIN_PREFIX}${name}`,
    app: 'shell',
    title: ADMIN_PAGES[name][0],
    titleEn: ADMIN_PAGES[name][1],
    access: 'permission',
    cached: !ADMIN_NEVER_CACHED.includes(name),
  }));
  const subApps: Draft[] = SUB_APP_PAGES.flatMap(({ app, group, pages }) =>
    Object.entries(pages).map(([name, [title, titleEn]]): Draft => {
      const path = ['', app, group, name].filter((part, i) => i === 0 || part !== '').join('/');
      const open = isPublicPath(path);
      return { path, app, title, titleEn, access: open ? 'public' : 'permission', cached: !open };
    }),
  );
  return [...shell, ...admin, ...subApps];
}

interface Named {
  path: string;
  app: RouteApp;
  /** A fixed code, for paths whose segments cannot name them (`/`, `/404`). */
  code?: string;
}

/** Path segments that name a route below its app: everything after the sub-app prefix. */
function localSegments({ path, app }: Named): string[] {
  const segments = path.split('/').filter(Boolean);
  return app === 'shell' ? segments : segments.slice(1);
}

function collisions(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value.toLowerCase(), (counts.get(value.toLowerCase()) ?? 0) + 1);
  return (value: string) => (counts.get(value.toLowerCase()) ?? 0) > 1;
}

/**
 * Route codes. The spec enables a route when a resource code equals its route name, case-insensitively,
 * so every code must be unique ignoring case:
 * 1. the last path segment when no other route ends the same way (`userManage`, `playRealWeb`);
 * 2. otherwise the segments below the app joined with `_` (`iot_videoMonitor_playReal`,
 *    `admin_siteManage`, `newEnergyCharging_siteManage`);
 * 3. if that still collides, the same prefixed with the app (`zcapp_dashboard_login`).
 */
export function routeCodes(items: readonly Named[]): string[] {
  const segments = items.map(localSegments);
  const last = items.map((item, i) => item.code ?? segments[i]?.at(-1) ?? '');
  const lastTaken = collisions(last);
  const joined = last.map((name, i) =>
    items[i]?.code === undefined && lastTaken(name) ? (segments[i] ?? []).join('_') : name,
  );
  const joinedTaken = collisions(joined);
  return joined.map((code, i) =>
    items[i]?.code === undefined && joinedTaken(code) ? `${items[i]?.app}_${code}` : code,
  );
}

function buildRouteTable(): readonly RouteEntry[] {
  const list = drafts();
  const codes = routeCodes(list);
  return list.map(({ path, app, title, titleEn, access, cached }, i) => ({
    path,
    code: codes[i] ?? path,
    app,
    title,
    titleEn,
    access,
    cached,
  }));
}

/** Every route of the shell and the sub-apps, in menu order. */
export const ROUTE_TABLE: readonly RouteEntry[] = buildRouteTable();

const byPath = new Map(ROUTE_TABLE.map((route) => [route.path, route]));
const byCode = new Map(ROUTE_TABLE.map((route) => [route.code.toLowerCase(), route]));

export const findRouteByPath = (path: string): RouteEntry | undefined => byPath.get(path);
export const findRouteByCode = (code: string): RouteEntry | undefined => byCode.get(code.toLowerCase());

/** Routes reachable without a session. */
export const isPublicRoute = (path: string) => findRouteByPath(path)?.access === 'public';

/** /admin has no page of its own. */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = { '/admin': '/admin/userManage' };
