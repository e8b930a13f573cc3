import { create } from 'zustand';
import { ADMIN_NEVER_CACHED, adminPageOf, type AdminPageName, type RouteEntry } from '@cityops/contract';

export interface PageTab {
  /** The route code: one tab per route. */
  code: string;
  path: string;
  /** The page's last query string (a list's filters and paging), so coming back shows the same page. */
  search?: string;
  /** Whether the page stays mounted while its tab is in the background. */
  keepAlive: boolean;
}

/** Titles are not kept here: they come from the menu or the route table, in the language in use. */
export const HOME_TAB: PageTab = { code: 'home', path: '/', keepAlive: false };

/** Where a tab's page is: its path with the query string it last showed. */
export const tabAddress = (tab: PageTab) => `${tab.path}${tab.search ?? ''}`;

/**
 * Whether a page stays mounted while its tab is in the background. An admin page is kept when the page
 * settings list it in `cachedAdminPages` (platform-shell.md §2 "Admin pages may be cached depending on
 * a page-level setting"), except areaManage, which §2 says is "never cached" (it holds a live map): it
 * starts afresh each time even when the settings list it. Any other page follows the route table.
 */
function keepsAlive(route: RouteEntry, cachedAdminPages: readonly AdminPageName[]): boolean {
  const admin = adminPageOf(route.path);
  if (admin === null) return route.cached;
  if (ADMIN_NEVER_CACHED.includes(admin)) return false;
  return cachedAdminPages.includes(admin);
}

/** The tab of a route; `cachedAdminPages` is the page setting of that name. */
export const tabFor = (route: RouteEntry, cachedAdminPages: readonly AdminPageName[]): PageTab => ({
  code: route.code,
  path: route.path,
  keepAlive: keepsAlive(route, cachedAdminPages),
});

interface TabState {
  /** The fixed home tab first, then the others in the order they were opened. */
  tabs: PageTab[];
  activeCode: string;
  /** Largest number of tabs besides home (page setting maxTabs). */
  maxTabs: number;
  setMaxTabs(max: number): void;
  /** Opens (or switches to) the tab of a page; drops the oldest tabs past the limit. */
  open(tab: PageTab): void;
  /** Remembers the query string the tab's page shows now. */
  remember(code: string, search: string): void;
  /** Closes a tab; returns the path to show when it was the active one, else null. */
  close(code: string): string | null;
  /** Keeps home and the given tab only. */
  closeOthers(code: string): void;
  reset(): void;
}

export const useTabs = create<TabState>()((set, get) => ({
  tabs: [HOME_TAB],
  activeCode: HOME_TAB.code,
  maxTabs: 12,
  setMaxTabs: (maxTabs) => set({ maxTabs }),
  open: (tab) =>
    set(({ tabs, maxTabs }) => {
      if (tab.code === HOME_TAB.code || tabs.some((open) => open.code === tab.code))
        return { activeCode: tab.code };
      const others = [...tabs.filter((open) => open.code !== HOME_TAB.code), tab];
      return { tabs: [HOME_TAB, ...others.slice(-maxTabs)], activeCode: tab.code };
    }),
  // The same state when nothing changes: the layout, which follows the tabs, is not rendered again.
  remember: (code, search) =>
    set((state) =>
      state.tabs.some((tab) => tab.code === code && tab.search !== search)
        ? { tabs: state.tabs.map((tab) => (tab.code === code ? { ...tab, search } : tab)) }
        : state,
    ),
  close: (code) => {
    const { tabs, activeCode } = get();
    const at = tabs.findIndex((tab) => tab.code === code);
    if (code === HOME_TAB.code || at < 0) return null;
    const rest = tabs.filter((tab) => tab.code !== code);
    if (code !== activeCode) {
      set({ tabs: rest });
      return null;
    }
    const next = rest[Math.min(at, rest.length - 1)] ?? HOME_TAB;
    set({ tabs: rest, activeCode: next.code });
    return tabAddress(next);
  },
  closeOthers: (code) =>
    set(({ tabs }) => ({
      tabs: tabs.filter((tab) => tab.code === HOME_TAB.code || tab.code === code),
      activeCode: tabs.some((tab) => tab.code === code) ? code : HOME_TAB.code,
    })),
  reset: () => set({ tabs: [HOME_TAB], activeCode: HOME_TAB.code }),
}));
