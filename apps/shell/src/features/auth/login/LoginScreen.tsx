import type { ReactNode } from 'react';
import type { Locale } from '@cityops/contract';
import type { ThemeMode, ThemePalette } from '@cityops/ui';
import { pageSettings } from '../../../app/pageSettings';
import { LanguageSwitch } from './LanguageSwitch';
import { LoginForm, type LoginFormProps } from './LoginForm';
import { loginThemeVariables } from './loginTheme';
import { loginTextsOf } from './texts';
import styles from './LoginScreen.module.css';

export interface LoginScreenProps extends Omit<LoginFormProps, 'texts'> {
  locale: Locale;
  onLocaleChange(locale: Locale): void;
  mode: ThemeMode;
  palette: ThemePalette;
  /** What the page around it adds (the boot's message host). */
  children?: ReactNode;
}

/**
 * The login screen of platform-shell.md §2, the one login UI: the boot shows it before anything else
 * loads, and the signed-in shell shows it at /login after a sign-out. Neither antd nor the
 * router nor i18next: whoever shows it hands it the language, the theme and how to sign in.
 */
export function LoginScreen({ locale, onLocaleChange, mode, palette, children, ...form }: LoginScreenProps) {
  const texts = loginTextsOf(locale);
  const { platformIcon, platformTitle, copyright, registrationNumber } = pageSettings;
  return (
    <main className={styles.page} style={loginThemeVariables(mode, palette)}>
      <div className={styles.language}>
        <LanguageSwitch locale={locale} texts={texts} onChange={onLocaleChange} />
      </div>
      <section className={styles.card}>
        <div className={styles.brand}>
          {platformIcon && <img className={styles.icon} src={platformIcon} alt="" />}
          <h1 className={styles.title}>{platformTitle || texts.t('app.name')}</h1>
        </div>
        <LoginForm texts={texts} {...form} />
      </section>
      {(copyright || registrationNumber) && (
        <footer className={styles.footer}>
          {copyright && <div>{copyright}</div>}
          {registrationNumber && (
            <div>
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
                {registrationNumber}
              </a>
            </div>
          )}
        </footer>
      )}
      {children}
    </main>
  );
}
