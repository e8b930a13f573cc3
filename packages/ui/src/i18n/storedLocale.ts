import { DEFAULT_LOCALE, LOCALES, type Locale } from '@cityops/contract';

/**
 * The language chosen on this browser, kept between visits. Apart from i18next so the light login
 * reads and writes the same choice without loading it.
 */
export const LOCALE_STORAGE_KEY = 'cityops-locale';

export const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value);

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Access to localStorage throws when the browser blocks site data.
    return null;
  }
}

/** The stored choice, or zh-CN when there is none (or it is not one of ours). */
export function readStoredLocale(): Locale {
  const stored = storage()?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Remembers the choice and puts it on the document (`<html lang>`). */
export function storeLocale(locale: Locale): void {
  storage()?.setItem(LOCALE_STORAGE_KEY, locale);
  applyLocaleToDocument(locale);
}

export function applyLocaleToDocument(locale: Locale): void {
  if (globalThis.document) globalThis.document.documentElement.lang = locale;
}
