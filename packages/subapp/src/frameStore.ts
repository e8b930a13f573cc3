import { create } from 'zustand';
import {
  DEFAULT_LOCALE,
  findRouteByPath,
  type BridgeTab,
  type BridgeTheme,
  type FrameLayout,
  type Locale,
  type SubApp,
} from '@cityops/contract';
import { pathnameOf, subAppForPath } from '@cityops/client';
import { defaultPalettes, paletteVariables } from '@cityops/ui';

/**
 * What the frame shows and knows. The shell owns the truth (the URL, the tabs, theme and locale); the
 * frame mirrors it from bridge messages, and its own navigations are reported back to the shell.
 */
export interface FrameState {
  app: SubApp;
  /** The page in view, with its query: `/iotcloud/iot/lamp/plan?id=3`. */
  path: string;
  /** This app's open tabs, in the shell's order. */
  tabs: BridgeTab[];
  locale: Locale;
  theme: BridgeTheme;
  /** Bumped per page path by the shell's refresh: a new key remounts that page alone. */
  generations: Readonly<Record<string, number>>;
  /** The user signed out in the shell: every page is dropped until the frame is gone. */
  signedOut: boolean;
  /** Where the shell shows this frame (bridge `layout`); null until it says, and when not framed. */
  layout: FrameLayout | null;
  show(path: string): void;
  setShared(shared: { locale: Locale; theme: BridgeTheme; tabs: BridgeTab[] }): void;
  reload(path: string): void;
  signOut(): void;
  setLayout(layout: FrameLayout): void;
}

export const lightTheme: BridgeTheme = { mode: 'light', palette: paletteVariables(defaultPalettes.light) };

export function createFrameStore(app: SubApp, path: string) {
  return create<FrameState>()((set) => ({
    app,
    path,
    tabs: [],
    locale: DEFAULT_LOCALE,
    theme: lightTheme,
    generations: {},
    signedOut: false,
    layout: null,
    show: (next) => set({ path: next }),
    setShared: ({ locale, theme, tabs }) =>
      set({ locale, theme, tabs: tabs.filter((tab) => subAppForPath(tab.path) === app) }),
    reload: (target) =>
      set(({ generations }) => {
        const key = pathnameOf(target);
        return { generations: { ...generations, [key]: (generations[key] ?? 0) + 1 } };
      }),
    signOut: () => set({ signedOut: true, tabs: [] }),
    setLayout: (layout) => set({ layout }),
  }));
}

export type FrameStore = ReturnType<typeof createFrameStore>;

/**
 * The pages to keep mounted: every open tab of this app whose route may be cached, plus the page in
 * view. A page leaves (and is freed) when its tab closes.
 */
export function keptPaths(state: Pick<FrameState, 'path' | 'tabs'>): string[] {
  const current = pathnameOf(state.path);
  const open = state.tabs
    .map((tab) => pathnameOf(tab.path))
    .filter((path) => path === current || findRouteByPath(path)?.cached);
  // In the tabs' order, so switching tabs never reorders (and so never moves) a kept page.
  return [...new Set(open.includes(current) ? open : [...open, current])];
}
