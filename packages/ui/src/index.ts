export {
  LOCALE_STORAGE_KEY,
  changeLocale,
  currentLocale,
  i18n,
  initI18n,
  isLocale,
  readStoredLocale,
  resources,
} from './i18n/i18n.js';
export { uiTexts } from './i18n/uiTexts.js';
export { AppConfigProvider, brandTokens, themeConfig, type ThemeMode } from './theme.js';
export {
  FeedbackHost,
  openConfirm,
  showMessage,
  type ConfirmOptions,
  type MessageLevel,
} from './feedback.js';
export { LoadingOverlay } from './LoadingOverlay.js';
