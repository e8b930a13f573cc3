import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from '@cityops/contract';
import { useLocale } from './i18n/i18n.js';
import {
  DARK_PRIMARY_SEED,
  PALETTE_KEYS,
  brandTokens,
  cssVariableName,
  defaultPalettes,
  surfaceTokens,
  type ThemeMode,
  type ThemePalette,
} from './themeTokens.js';

export { defaultPalettes, type ThemeMode, type ThemePalette } from './themeTokens.js';

export function themeConfig(
  mode: ThemeMode,
  palette: ThemePalette = defaultPalettes[mode],
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      ...brandTokens,
      ...surfaceTokens(mode),
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

interface ThemeProps {
  mode?: ThemeMode;
  palette?: ThemePalette;
}

/** antd's theme and component settings of the app, without a language: what the styles depend on. */
function ThemedConfig({
  children,
  mode = 'light',
  palette = defaultPalettes[mode],
  locale,
}: ThemeProps & { children: ReactNode; locale?: Locale }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={locale && antdLocales[locale]}
      theme={themeConfig(mode, palette, { reducedMotion })}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * antd in the user's language and theme. Buttons keep their text as written: antd would otherwise
 * show 登录 as "登 录", which neither reads well nor matches the spec's text.
 */
export function AppConfigProvider({
  children,
  mode = 'light',
  palette = defaultPalettes[mode],
}: ThemeProps & { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => applyPaletteVariables(palette, mode), [palette, mode]);
  return (
    <ThemedConfig mode={mode} palette={palette} locale={locale}>
      <ThemedBody />
      {children}
    </ThemedConfig>
  );
}

/**
 * The app's antd theme for components rendered off the page (the shell's warm-up behind the light
 * login): the same styles as `AppConfigProvider` gives, so antd computes and caches them once for
 * both, but no language (i18next may not be started) and nothing applied to the page itself.
 */
export function OffPageConfigProvider({ children, mode, palette }: ThemeProps & { children: ReactNode }) {
  return (
    <ThemedConfig mode={mode} palette={palette}>
      {children}
    </ThemedConfig>
  );
}
