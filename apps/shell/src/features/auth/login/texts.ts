import { isSignInTextKey, signInTexts, type Locale, type TextKey } from '@cityops/contract';
import { loginTexts, type LoginTextKey } from '@cityops/ui';

/** The light login's texts: the `ui` namespace's login texts and the contract's rule texts, as they are. */
export function loginTextsOf(locale: Locale) {
  return {
    t: (key: LoginTextKey) => loginTexts[locale][key],
    /** A rule's message (the key a contract check answers). */
    rule: (key: TextKey) => (isSignInTextKey(key) ? signInTexts[locale][key] : key),
  };
}

export type LoginTexts = ReturnType<typeof loginTextsOf>;
