import { useEffect } from 'react';
import { theme } from 'antd';
import { useNavigate, type NavigateFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageSettings } from '../../../app/pageSettings';
import { prefetchSignedInCode } from '../../../app/signedInCode';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { LoginForm } from '../components/LoginForm';
import styles from './LoginPage.module.css';

/**
 * After sign-in: the configured forward address (a path here, or a full URL elsewhere), else `/`. A
 * full URL unloads the page, so it waits for `saved` (the remember-me save) first.
 */
export function goForward(forwardUrl: string, navigate: NavigateFunction, saved: Promise<void>): void {
  if (/^https?:\/\//i.test(forwardUrl)) void saved.then(() => window.location.assign(forwardUrl));
  else navigate(forwardUrl.startsWith('/') ? forwardUrl : '/', { replace: true });
}

/** The login screen of platform-shell.md §2. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { platformIcon, platformTitle, copyright, registrationNumber, forwardUrl } = pageSettings;
  useEffect(() => prefetchSignedInCode(), []);

  return (
    <main className={styles.page} style={{ background: token.colorBgLayout }}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <section
        className={styles.card}
        style={{
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div className={styles.brand}>
          {platformIcon && <img className={styles.icon} src={platformIcon} alt="" />}
          <h1 className={styles.title} style={{ color: token.colorTextHeading }}>
            {platformTitle || t('app.name')}
          </h1>
        </div>
        <LoginForm onSignedIn={(saved) => goForward(forwardUrl, navigate, saved)} />
      </section>
      {(copyright || registrationNumber) && (
        <footer className={styles.footer} style={{ color: token.colorTextTertiary }}>
          {copyright && <div>{copyright}</div>}
          {registrationNumber && (
            <div>
              <a
                href="https://beian.miit.gov.cn/"
                target="_blank"
                rel="noreferrer"
                style={{ color: 'inherit' }}
              >
                {registrationNumber}
              </a>
            </div>
          )}
        </footer>
      )}
    </main>
  );
}
