import type { ThemeConfig } from 'antd';

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
export const DARK_PRIMARY_SEED = '#1677ff';

/**
 * The antd tokens that the light login screen draws with in plain CSS (it shows before antd loads),
 * per mode; the page's background and text come from the palette (`pageBg`, `pageText`).
 * `themeConfig` hands the surface tokens to antd as they are, so both read them from here; the colours
 * antd derives from a seed (primary, error) are written as antd derives them, and theme.test.ts fails
 * when a change of seed or algorithm makes them drift.
 */
export interface LoginTokens {
  colorBgContainer: string;
  colorBgElevated: string;
  colorBorder: string;
  colorTextTertiary: string;
  colorTextPlaceholder: string;
  boxShadowTertiary: string;
  boxShadowSecondary: string;
  colorPrimary: string;
  colorPrimaryHover: string;
  colorPrimaryActive: string;
  colorError: string;
  colorSuccess: string;
  colorWarning: string;
  colorInfo: string;
  controlOutline: string;
}

/** The login tokens antd takes as given (the rest it derives from seeds). */
export const SURFACE_TOKEN_KEYS = [
  'colorBgContainer',
  'colorBgElevated',
  'colorBorder',
  'colorTextTertiary',
  'colorTextPlaceholder',
  'boxShadowTertiary',
  'boxShadowSecondary',
] as const satisfies readonly (keyof LoginTokens)[];

export const loginTokens: Readonly<Record<ThemeMode, LoginTokens>> = {
  light: {
    colorBgContainer: '#ffffff',
    colorBgElevated: '#ffffff',
    colorBorder: '#d9d9d9',
    colorTextTertiary: 'rgba(0,0,0,0.45)',
    colorTextPlaceholder: 'rgba(0,0,0,0.25)',
    boxShadowTertiary:
      '0 1px 2px 0 rgba(0,0,0,0.05), 0 1px 6px -1px rgba(0,0,0,0.03), 0 2px 4px 0 rgba(0,0,0,0.03)',
    boxShadowSecondary:
      '0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
    colorPrimary: '#1668dc',
    colorPrimaryHover: '#3c8ae8',
    colorPrimaryActive: '#094bb5',
    colorError: '#ff4d4f',
    colorSuccess: '#52c41a',
    colorWarning: '#faad14',
    colorInfo: '#1677ff',
    controlOutline: 'rgba(5,145,255,0.1)',
  },
  dark: {
    colorBgContainer: '#141414',
    colorBgElevated: '#1f1f1f',
    colorBorder: '#424242',
    colorTextTertiary: 'rgba(255,255,255,0.45)',
    colorTextPlaceholder: 'rgba(255,255,255,0.25)',
    boxShadowTertiary:
      '0 1px 2px 0 rgba(255,255,255,0.01), 0 1px 6px -1px rgba(255,255,255,0.006), 0 2px 4px 0 rgba(255,255,255,0.006)',
    boxShadowSecondary:
      '0 6px 16px 0 rgba(255,255,255,0.016), 0 3px 6px -4px rgba(255,255,255,0.024), 0 9px 28px 8px rgba(255,255,255,0.01)',
    colorPrimary: '#1668dc',
    colorPrimaryHover: '#3c89e8',
    colorPrimaryActive: '#1554ad',
    colorError: '#dc4446',
    colorSuccess: '#49aa19',
    colorWarning: '#d89614',
    colorInfo: '#1668dc',
    controlOutline: 'rgba(23,117,249,0.31)',
  },
};

/** The surface tokens of a mode, as antd takes them. */
export const surfaceTokens = (mode: ThemeMode): Pick<LoginTokens, (typeof SURFACE_TOKEN_KEYS)[number]> => {
  const tokens = loginTokens[mode];
  return Object.fromEntries(SURFACE_TOKEN_KEYS.map((key) => [key, tokens[key]])) as Pick<
    LoginTokens,
    (typeof SURFACE_TOKEN_KEYS)[number]
  >;
};
