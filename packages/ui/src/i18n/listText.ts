import type { Locale } from '@cityops/contract';

/**
 * Items read as one list in the locale in use: `a、b、c` in Chinese, `a, b, c` in English. A list of
 * codes or names has no "and" before its last item, hence the narrow conjunction; the separators are
 * the locale's own (CLDR, through Intl), so no language's punctuation leaks into another's page.
 */
export function listText(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(items);
}
