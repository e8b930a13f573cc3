import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useLocale } from './i18n/i18n.js';

export type ThemeMode = 'light' | 'dark';

/**
 * The style variables of the theme (video-talk-alarm-header.md §3 Theme): menu, header and page
 * colours. Each is a CSS custom property on :root, so the layout's own CSS can say
 * `var(--cityops-header-bg)` and follow the user's palette without importing anything.
 */
export const PALETTE_KEYS = [
  'menuBg',
  'menuActiveBg',
  'menuText',
  'menuBorder',
  'headerBg',
  'headerActiveBg',
  'headerText',
  'headerBorder',
  'pageBg',
  'pageText',
  'pageBorder',
  'tableHeadBg',
  'tableBodyBg',
  'tableRowHoverBg',
] as const;
export type PaletteKey = (typeof PALETTE_KEYS)[number];
export type ThemePalette = Record<PaletteKey, string>;

/** `menuActiveBg` → `--cityops-menu-active-bg`. */
export const cssVariableName = (key: PaletteKey) =>
  `--cityops-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** Every variable name, for components that want `var(...)` without spelling it by hand. */
export const themeVariables = Object.fromEntries(
  PALETTE_KEYS.map((key) => [key, `var(${cssVariableName(key)})`]),
) as Readonly<Record<PaletteKey, string>>;

/**
 * The default palettes. The old product made dark mode by inverting the light page with a CSS
 * filter; that turns photos, maps and video into negatives. Ours is a real dark palette, used with
 * antd's dark algorithm, so every component picks colours meant to be read on a dark background.
 */
export const defaultPalettes: Readonly<Record<ThemeMode, ThemePalette>> = {
  light: {
    menuBg: '#001529',
    menuActiveBg: '#1668dc',
    menuText: '#ffffffd9',
    menuBorder: '#0d2a45',
    headerBg: '#ffffff',
    headerActiveBg: '#e6f0ff',
    headerText: '#1f1f1f',
    headerBorder: '#f0f0f0',
    pageBg: '#f5f5f5',
    pageText: '#1f1f1f',
    pageBorder: '#d9d9d9',
    tableHeadBg: '#fafafa',
    tableBodyBg: '#ffffff',
    tableRowHoverBg: '#f0f7ff',
  },
  dark: {
    menuBg: '#141414',
    menuActiveBg: '#15417e',
    menuText: '#ffffffd9',
    menuBorder: '#303030',
    headerBg: '#1f1f1f',
    headerActiveBg: '#111a2c',
    headerText: '#ffffffd9',
    headerBorder: '#303030',
    pageBg: '#000000',
    pageText: '#ffffffd9',
    pageBorder: '#424242',
    tableHeadBg: '#1d1d1d',
    tableBodyBg: '#141414',
    tableRowHoverBg: '#262626',
  },
};

/** Brand tokens shared by both modes; the algorithm derives the rest. */
export const brandTokens: ThemeConfig['token'] = {
  colorPrimary: '#1668dc',
  borderRadius: 6,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
};

/** What the dark algorithm turns into the brand's #1668dc. */
const DARK_PRIMARY_SEED = '#1677ff';

export function themeConfig(
  mode: ThemeMode,
  palette: ThemePalette = defaultPalettes[mode],
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      ...brandTokens,
      // The dark algorithm darkens its seed: seeded with the brand it would give #165bbe, whose text
      // reads at 2.9:1 on a dark container. antd's own blue seeds it back to the brand, #1668dc.
      ...(mode === 'dark' && { colorPrimary: DARK_PRIMARY_SEED }),
      colorBgLayout: palette.pageBg,
      colorText: palette.pageText,
      motion: !reducedMotion,
    },
    components: {
      Layout: {
        headerBg: palette.headerBg,
        headerColor: palette.headerText,
        siderBg: palette.menuBg,
        bodyBg: palette.pageBg,
        triggerBg: palette.menuBg,
      },
      Menu: {
        darkItemBg: palette.menuBg,
        darkSubMenuItemBg: palette.menuBg,
        darkItemSelectedBg: palette.menuActiveBg,
        darkItemColor: palette.menuText,
        itemBg: palette.menuBg,
        itemSelectedBg: palette.menuActiveBg,
        itemColor: palette.menuText,
      },
      Table: {
        headerBg: palette.tableHeadBg,
        colorBgContainer: palette.tableBodyBg,
        rowHoverBg: palette.tableRowHoverBg,
        borderColor: palette.pageBorder,
      },
    },
  };
}

/** The palette as its custom properties, `{ '--cityops-header-bg': '#fff', … }` (what the bridge carries). */
export function paletteVariables(palette: ThemePalette): Record<string, string> {
  return Object.fromEntries(PALETTE_KEYS.map((key) => [cssVariableName(key), palette[key]]));
}

/** Back from custom properties to a palette; a missing or odd variable takes the mode's default. */
export function paletteFromVariables(
  variables: Readonly<Record<string, string>>,
  mode: ThemeMode,
): ThemePalette {
  const palette = { ...defaultPalettes[mode] };
  for (const key of PALETTE_KEYS) {
    const value = variables[cssVariableName(key)];
    if (value && /^[#\w(),.%\s-]+$/.test(value)) palette[key] = value;
  }
  return palette;
}

/** Writes the palette to :root as the `--cityops-*` custom properties. */
export function applyPaletteVariables(palette: ThemePalette, mode: ThemeMode): void {
  if (!globalThis.document) return;
  const root = globalThis.document.documentElement;
  for (const key of PALETTE_KEYS) root.style.setProperty(cssVariableName(key), palette[key]);
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(changed: () => void) {
  const query = globalThis.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}

/**
 * Whether the user asked the system for less motion. Dialogs, drawers and dropdowns then appear at
 * once instead of sliding and fading; it also lets a test driver click what it sees without
 * waiting for an animation to settle.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** The page around antd's components (plain headings, footers, the margins) follows the theme too. */
function ThemedBody() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    const { style } = document.body;
    style.fontFamily = token.fontFamily;
    style.color = token.colorText;
    style.background = token.colorBgLayout;
  }, [token.fontFamily, token.colorText, token.colorBgLayout]);
  return null;
}

/**
 * antd in the user's language and theme. Buttons keep their text as written: antd would otherwise
 * show 登录 as "登 录", which neither reads well nor matches the spec's text.
 */
export function AppConfigProvider({
  children,
  mode = 'light',
  palette = defaultPalettes[mode],
}: {
  children: ReactNode;
  mode?: ThemeMode;
  palette?: ThemePalette;
}) {
  const locale = useLocale();
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => applyPaletteVariables(palette, mode), [palette, mode]);
  return (
    <ConfigProvider
      locale={antdLocales[locale]}
      theme={themeConfig(mode, palette, { reducedMotion })}
      button={{ autoInsertSpace: false }}
    >
      <ThemedBody />
      {children}
    </ConfigProvider>
  );
}
