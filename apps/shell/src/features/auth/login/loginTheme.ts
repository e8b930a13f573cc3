import type { CSSProperties } from 'react';
import { brandTokens, loginTokens, type ThemeMode, type ThemePalette } from '@cityops/ui';

/**
 * The light login's colours as CSS variables on its own root: antd's tokens for the mode (from
 * `loginTokens`, the values the antd theme uses too) and the user's palette for the page itself, so
 * the login looks the same before antd loads as the signed-in shell around it.
 */
export function loginThemeVariables(mode: ThemeMode, palette: ThemePalette): CSSProperties {
  const tokens = loginTokens[mode];
  const variables: Record<`--login-${string}`, string> = {
    '--login-page-bg': palette.pageBg,
    '--login-text': palette.pageText,
    '--login-container-bg': tokens.colorBgContainer,
    '--login-elevated-bg': tokens.colorBgElevated,
    '--login-border': tokens.colorBorder,
    '--login-text-tertiary': tokens.colorTextTertiary,
    '--login-placeholder': tokens.colorTextPlaceholder,
    '--login-shadow': tokens.boxShadowTertiary,
    '--login-shadow-elevated': tokens.boxShadowSecondary,
    '--login-primary': tokens.colorPrimary,
    '--login-primary-hover': tokens.colorPrimaryHover,
    '--login-primary-active': tokens.colorPrimaryActive,
    '--login-outline': tokens.controlOutline,
    '--login-error': tokens.colorError,
    '--login-success': tokens.colorSuccess,
    '--login-warning': tokens.colorWarning,
    '--login-info': tokens.colorInfo,
  };
  return { ...variables, colorScheme: mode, fontFamily: brandTokens?.fontFamily };
}
