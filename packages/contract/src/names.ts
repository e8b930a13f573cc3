/**
 * Code tables with a Chinese and an English name per code (§4's states, §9's sources and device
 * types, ...), and the one way to read a name in the language in use.
 */

/** Zh-CN and en-US names, in that order. */
export type Names = readonly [zh: string, en: string];

/** The name of the pair in the locale in use. */
export const inLocale = (names: Names, locale: string): string => names[locale === 'en-US' ? 1 : 0];

/**
 * A name someone gave (a product, a property, a rule) in the locale in use: its optional English name
 * in English, else the one name it has. Such names are data; this is how data says its language.
 */
export const givenName = (
  named: { readonly name: string; readonly nameEn?: string | null | undefined },
  locale: string,
): string => (locale === 'en-US' && named.nameEn ? named.nameEn : named.name);

/**
 * The name of the product a row refers to (a device, a firmware, an upgrade job, a rule), which the
 * row carries as `productName` and `productNameEn`, in the locale in use as givenName reads it.
 */
export const productNameOf = (
  row: { readonly productName: string; readonly productNameEn: string },
  locale: string,
): string => givenName({ name: row.productName, nameEn: row.productNameEn }, locale);

/** The most an optional English name may hold (English words run longer than Chinese ones). */
export const NAME_EN_MAX = 60;

/** The name of a code in the locale in use: `nameOf(ALARM_STATE_NAMES, 'waiting', 'zh-CN') === '待处理'`. */
export function nameOf<Code extends PropertyKey>(
  names: { readonly [K in Code]: Names },
  code: Code,
  locale: string,
): string {
  return inLocale(names[code], locale);
}

/**
 * The name of a code that came from elsewhere (a stored type code, an aggregate's key): its name
 * when the table knows it, else the code itself, so an unknown code shows as what it is.
 */
export function nameOrCode(
  names: { readonly [code: string]: Names },
  code: string | number,
  locale: string,
): string {
  const key = String(code);
  const pair = Object.hasOwn(names, key) ? names[key] : undefined;
  return pair ? inLocale(pair, locale) : key;
}

/** The codes as select options named in the locale in use (`{ value: 'error', label: '重要' }`). */
export function nameOptions<Code extends PropertyKey>(
  names: { readonly [K in Code]: Names },
  codes: readonly Code[],
  locale: string,
): Array<{ value: Code; label: string }> {
  return codes.map((code) => ({ value: code, label: nameOf(names, code, locale) }));
}
