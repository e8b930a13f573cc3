/**
 * The languages of the product; zh-CN is the default. A module of its own so code that only needs to
 * know them (the light login) does not load every text.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
