export { changeLocale, currentLocale, i18n, initI18n, resources, useLocale } from './i18n/i18n.js';
export {
  LOCALE_STORAGE_KEY,
  applyLocaleToDocument,
  isLocale,
  readStoredLocale,
  storeLocale,
} from './i18n/storedLocale.js';
export { loginTexts, type LoginTextKey } from './i18n/loginTexts.js';
export { pageLoadTexts } from './i18n/pageLoadTexts.js';
export { uiTexts } from './i18n/uiTexts.js';
export { defineTexts, type FeatureTexts, type Translate } from './i18n/defineTexts.js';
export { listText } from './i18n/listText.js';
export {
  AppConfigProvider,
  OffPageConfigProvider,
  applyPaletteVariables,
  paletteFromVariables,
  paletteVariables,
  themeConfig,
} from './theme.js';
export {
  PALETTE_KEYS,
  brandTokens,
  cssVariableName,
  defaultPalettes,
  loginTokens,
  themeVariables,
  type LoginTokens,
  type PaletteKey,
  type ThemeMode,
  type ThemePalette,
} from './themeTokens.js';
export {
  FeedbackHost,
  openConfirm,
  showMessage,
  showMessageAfterReload,
  type ConfirmOptions,
  type MessageLevel,
} from './feedback.js';
export { takePendingMessage, type PendingMessage } from './pendingMessage.js';
export { LoadingOverlay } from './LoadingOverlay.js';
export { NotConnectedPage, type NotConnectedPageProps } from './NotConnectedPage.js';
export { ExportButton, type ExportButtonProps } from './crud/ExportButton.js';
export { accessibleRoutes, hasElement, isAdmin, isLoggedIn, type ElementCode } from './access/access.js';
export { AccessProvider, Can, useCan, type AccessProviderProps, type CanProps } from './access/Can.js';
export { FailureNotice, type FailureNoticeProps } from './FailureNotice.js';
export { lazyPage, type LazyPage } from './lazyPage/lazyPage.js';
export { PageErrorBoundary } from './lazyPage/PageErrorBoundary.js';
export { PageLoadError, loadModule, type PageExports, type PageLoadFailure } from './lazyPage/loadPage.js';
export {
  MOMENT_FORMAT,
  platformDay,
  platformNow,
  platformTimeOf,
  setUpPlatformTimeZone,
  zonedTitle,
} from './time/platformTime.js';
export { formatDuration } from './time/duration.js';
export { agentOf, describeAgent } from './time/userAgent.js';
export { AgentText } from './time/AgentText.js';
export { timeTexts } from './time/texts.js';
