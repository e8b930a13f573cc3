/** Constants named as the spec names them (platform-shell.md §9, video-talk-alarm-header.md §9). */

export const REQUEST_TIMEOUT_MS = 180_000;
export const KEEPALIVE_INTERVAL_MS = 180_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MESSAGE_DURATION_MS = 3_000;

export const COOKIE_TOKEN = 'user-Token';
export const COOKIE_USER_TYPE = 'user-Type';
export const COOKIE_LICENCE = 'license';
export const STORAGE_REMEMBER = 'userRem';
export const STORAGE_REMEMBER_KEY = 'userRemKey';
export const STORAGE_DICT_LIST = 'dictList';

export const HEADER_ACCESS_TOKEN = 'Access-Token';
export const HEADER_PAGE_PATH = 'Page-Path';

export const ACCOUNT_MIN = 2;
export const ACCOUNT_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** Failed sign-ins before an account locks, and for how long. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 10;
export const SESSION_IDLE_MINUTES_DEFAULT = 30;

/** §9's list sizes: table pages, card views (cards in rows of 6 or of 8) and lists in popups. */
export const PAGE_SIZES = [15, 20, 30, 50, 100] as const;
export const CARD_PAGE_SIZES = {
  rowsOfSix: [18, 24, 36, 48, 72],
  rowsOfEight: [16, 24, 32, 48, 80],
} as const;
export const POPUP_PAGE_SIZES = [5, 10, 15, 20, 30, 50, 100] as const;
/** Every size a paged list may ask the server for: a table's, a card view's or a popup's. */
export const LIST_SIZES: readonly number[] = [
  ...new Set<number>([
    ...PAGE_SIZES,
    ...CARD_PAGE_SIZES.rowsOfSix,
    ...CARD_PAGE_SIZES.rowsOfEight,
    ...POPUP_PAGE_SIZES,
  ]),
].sort((a, b) => a - b);

export const SUB_APPS = ['iotcloud', 'omapp', 'opapp', 'zcapp', 'esapp', 'llapp'] as const;
export type SubApp = (typeof SUB_APPS)[number];

/** Port of each sub-app: `ip` when the page's host is an IP address, `domain` otherwise. */
export const SUB_APP_PORTS: Record<SubApp, { ip: number; domain: number }> = {
  iotcloud: { ip: 10201, domain: 10202 },
  omapp: { ip: 10301, domain: 10302 },
  opapp: { ip: 10101, domain: 10102 },
  zcapp: { ip: 10401, domain: 10402 },
  esapp: { ip: 10501, domain: 10502 },
  llapp: { ip: 10601, domain: 10602 },
};

/** The base path of the sub-apps' combined build (its pages and chunks are named under it). */
export const SUBAPP_BASE = '/subapps/';

/**
 * Where the six sub-apps' built chunks are served, one set for all six (see subAppsBuildConfig): by the
 * shell's server, and by each sub-app port too.
 */
export const SUBAPP_ASSETS_PATH = `${SUBAPP_BASE}assets/`;

/** Reachable without a session (platform-shell.md §2, Route guard). */
export const PUBLIC_PATHS = [
  '/login',
  '/dashboard/login',
  '/plug',
  '/license',
  '/zcapp/dashboard/login',
  '/iotcloud/iot/dynamicTable',
  '/userlogin',
] as const;

export const LOGIN_PATHS = ['/login', '/dashboard/login'] as const;

/** Full-menu overlay and header dropdowns (video-talk-alarm-header.md §9). */
export const MENU_OVERLAY_HOVER_DELAY_MS = 400;
export const MENU_OVERLAY_ROWS_PER_COLUMN = 17;
/** With this many top items or fewer, the overlay does not group its columns. */
export const MENU_OVERLAY_UNGROUPED_MAX = 9;
export const HEADER_DROPDOWN_SHOW_MS = 10;
export const HEADER_DROPDOWN_HIDE_MS = 550;
