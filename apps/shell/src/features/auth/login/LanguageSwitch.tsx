import { LOCALES, type Locale } from '@cityops/contract';
import type { LoginTexts } from './texts';
import styles from './LoginScreen.module.css';

/** 中文 / English, drawn like antd's small Segmented; the choice is remembered for the next visit. */
export function LanguageSwitch({
  locale,
  texts,
  onChange,
}: {
  locale: Locale;
  texts: LoginTexts;
  onChange(locale: Locale): void;
}) {
  return (
    <div className={styles.segmented} role="radiogroup" aria-label={texts.t('language.label')}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === locale}
          className={styles.segment}
          onClick={() => onChange(option)}
        >
          {texts.t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}
