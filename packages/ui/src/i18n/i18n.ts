import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, contractTexts, type Locale } from '@cityops/contract';
import { setUpPlatformTimeZone } from '../time/platformTime.js';
import { uiTexts } from './uiTexts.js';
import { applyLocaleToDocument, isLocale, readStoredLocale, storeLocale } from './storedLocale.js';

export { LOCALE_STORAGE_KEY, isLocale, readStoredLocale } from './storedLocale.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'ui';
  }
  interface ResourceNamespaceMap {
    ui: (typeof uiTexts)['zh-CN'];
    contract: (typeof contractTexts)['zh-CN'];
  }
}

/** Both namespaces per locale: the contract's texts as they are, and the UI's own. */
export const resources = {
  'zh-CN': { contract: contractTexts['zh-CN'], ui: uiTexts['zh-CN'] },
  'en-US': { contract: contractTexts['en-US'], ui: uiTexts['en-US'] },
} as const;

/** The one i18next instance of the browser side; react-i18next reads it through the provider. */
export const i18n = i18next.createInstance();

/** The language in use now. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The language the component shows, re-rendering when it changes (a frame follows the shell's). */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}

export async function initI18n(locale: Locale = readStoredLocale()): Promise<void> {
  // The texts and the clock pages show are set up together, before any page renders a time.
  setUpPlatformTimeZone();
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      ns: ['ui', 'contract'],
      defaultNS: 'ui',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else {
    await i18n.changeLanguage(locale);
  }
  applyLocaleToDocument(locale);
}

/** Switches the language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}
