import { z } from 'zod';
import { mapSettingsSchema } from './map.js';
import { ADMIN_NEVER_CACHED, ADMIN_PAGE_NAMES, type AdminPageName } from './routes.js';

/** The admin pages kept alive when page-settings.json says nothing: every one that may be. */
export const CACHED_ADMIN_PAGES_DEFAULT: readonly AdminPageName[] = ADMIN_PAGE_NAMES.filter(
  (name) => !ADMIN_NEVER_CACHED.includes(name),
);

/**
 * Runtime page settings, served as `/config.js` (it sets `window.__CITYOPS_CONFIG__`) so an operator
 * can change them without a rebuild. The server fills them from `DATA_DIR/page-settings.json`.
 */
export const pageSettingsSchema = z.object({
  /** Base service address for API calls. */
  baseUrl: z.string().default('/api'),
  /** Message-centre service address. */
  messageCenterUrl: z.string().default('/api'),
  /** The alarm service: the alarm-result SockJS socket is `{alarmServiceUrl}/sockjs/websocket/onekey/alarm/result`. */
  alarmServiceUrl: z.string().default('/api'),
  /** The alarm-box service: intercom sockets and the `/onKeyAlarm/...` endpoints (alarmbox/calls.ts). */
  alarmboxUrl: z.string().default('/api'),
  platformTitle: z.string().default(''),
  platformIcon: z.string().default(''),
  copyright: z.string().default(''),
  registrationNumber: z.string().default(''),
  /** Where to go after sign-in; `/` when empty. */
  forwardUrl: z.string().default(''),
  /** Largest number of cached page tabs. */
  maxTabs: z.number().int().min(1).max(50).default(12),
  /**
   * The admin pages (names under /admin, e.g. `userManage`) that stay alive in their tab while another
   * tab is shown, keeping what was typed and scrolled (§2 "Admin pages may be cached depending on a
   * page-level setting"); the others start afresh each time their tab comes back. `areaManage` is
   * never kept, even when listed (§2 "never cached").
   */
  cachedAdminPages: z.array(z.enum(ADMIN_PAGE_NAMES)).default(() => [...CACHED_ADMIN_PAGES_DEFAULT]),
  /** The map's provider, key and default view (map.ts); an invalid map setting leaves the map on its defaults. */
  map: mapSettingsSchema.prefault({}),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;
export const PAGE_SETTINGS_GLOBAL = '__CITYOPS_CONFIG__';

/** Page settings read from what an operator wrote, and the mistakes left out. */
export interface PageSettingsRead {
  settings: PageSettings;
  /** The issues of the settings that did not parse; each of them took its default. */
  issues: readonly z.core.$ZodIssue[];
}

/**
 * The page settings from what an operator wrote (page-settings.json, or what /config.js set), over
 * `defaults`. A setting that does not parse falls back on its own, so one mistake (a misspelt admin
 * page in `cachedAdminPages`) does not cost the others, the service addresses above all.
 */
export function pageSettingsFrom(written: unknown, defaults: Partial<PageSettings> = {}): PageSettingsRead {
  const source = typeof written === 'object' && written !== null && !Array.isArray(written) ? written : {};
  const first = pageSettingsSchema.safeParse({ ...defaults, ...source });
  if (first.success) return { settings: first.data, issues: [] };
  const invalid = new Set(first.error.issues.map((issue) => issue.path[0]));
  const valid = Object.fromEntries(Object.entries(source).filter(([key]) => !invalid.has(key)));
  const settings = pageSettingsSchema.safeParse({ ...defaults, ...valid }).data;
  return { settings: settings ?? pageSettingsSchema.parse(defaults), issues: first.error.issues };
}
