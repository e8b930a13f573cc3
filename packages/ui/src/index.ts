export {
  LOCALE_STORAGE_KEY,
  changeLocale,
  currentLocale,
  i18n,
  initI18n,
  isLocale,
  readStoredLocale,
  resources,
  useLocale,
} from './i18n/i18n.js';
export { uiTexts } from './i18n/uiTexts.js';
export { defineTexts, type FeatureTexts, type Translate } from './i18n/defineTexts.js';
export {
  AppConfigProvider,
  PALETTE_KEYS,
  applyPaletteVariables,
  brandTokens,
  cssVariableName,
  defaultPalettes,
  paletteFromVariables,
  paletteVariables,
  themeConfig,
  themeVariables,
  type PaletteKey,
  type ThemeMode,
  type ThemePalette,
} from './theme.js';
export {
  FeedbackHost,
  openConfirm,
  showMessage,
  showMessageAfterReload,
  type ConfirmOptions,
  type MessageLevel,
} from './feedback.js';
export { LoadingOverlay } from './LoadingOverlay.js';
export { NotConnectedPage, type NotConnectedPageProps } from './NotConnectedPage.js';
export { ExportButton, type ExportButtonProps } from './crud/ExportButton.js';
export { accessibleRoutes, hasElement, isAdmin, isLoggedIn, type ElementCode } from './access/access.js';
export { AccessProvider, Can, useCan, type AccessProviderProps, type CanProps } from './access/Can.js';
export { FailureNotice, type FailureNoticeProps } from './FailureNotice.js';
export { lazyPage, type LazyPage } from './lazyPage/lazyPage.js';
export { PageErrorBoundary } from './lazyPage/PageErrorBoundary.js';
export type { PageExports } from './lazyPage/loadPage.js';
