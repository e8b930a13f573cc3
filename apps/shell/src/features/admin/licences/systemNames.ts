import { SYSTEM_NAMES, type Locale } from '@cityops/contract';

/** A licence's module codes as the systems' names in the user's language (unknown codes as they are). */
export function systemNames(codes: readonly string[], locale: Locale): string[] {
  const names: Readonly<Record<string, { zh: string; en: string }>> = SYSTEM_NAMES;
  return codes.map((code) => names[code]?.[locale === 'en-US' ? 'en' : 'zh'] ?? code);
}
