import { SYSTEM_NAMES } from '@cityops/contract';
import { localName } from '@cityops/client';

/** A licence's module codes as the systems' names in the user's language (unknown codes as they are). */
export function systemNames(codes: readonly string[], locale: string): string[] {
  const names: Readonly<Record<string, { zh: string; en: string }>> = SYSTEM_NAMES;
  return codes.map((code) => {
    const system = names[code];
    return system ? localName({ name: system.zh, titleEn: system.en }, locale) : code;
  });
}
