import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@cityops/contract';
import { i18n } from './i18n.js';

type Values = Record<string, string | number>;
/** Translates one of a feature's keys, filling `{{name}}` placeholders. */
export type Translate<Key extends string> = (key: Key, values?: Values) => string;

export interface FeatureTexts<Key extends string> {
  namespace: string;
  /** Outside React (messages, column titles built once): the text in the language in use now. */
  t: Translate<Key>;
  /** In components: re-renders when the language changes. */
  useTexts(): Translate<Key>;
  bundles: Record<Locale, Readonly<Record<Key, string>>>;
}

// The i18n instance is typed for the `ui` and `contract` namespaces only; feature namespaces are
// typed by their own keys here instead.
type LooseT = (key: string, options?: Values & { ns?: string }) => string;

/**
 * Texts that live beside the feature that uses them, as an i18n namespace of their own (zh-CN and
 * en-US with the same keys). Registered with the one i18n instance now, or as soon as it starts.
 */
export function defineTexts<const Zh extends Readonly<Record<string, string>>>(
  namespace: string,
  zhCN: Zh,
  enUS: { readonly [K in keyof Zh]: string },
): FeatureTexts<keyof Zh & string> {
  type Key = keyof Zh & string;
  const register = () => {
    i18n.addResourceBundle('zh-CN', namespace, zhCN, true, true);
    i18n.addResourceBundle('en-US', namespace, enUS, true, true);
  };
  if (i18n.isInitialized) register();
  else i18n.on('initialized', register);

  const t: Translate<Key> = (key, values) => (i18n.t as unknown as LooseT)(key, { ...values, ns: namespace });
  function useTexts(): Translate<Key> {
    const { t: bound } = useTranslation(namespace as 'ui');
    return useCallback<Translate<Key>>((key, values) => (bound as unknown as LooseT)(key, values), [bound]);
  }
  return { namespace, t, useTexts, bundles: { 'zh-CN': zhCN, 'en-US': enUS } };
}
