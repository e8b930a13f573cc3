import { useEffect, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@cityops/contract';
import {
  PageLoadError,
  loginTexts,
  pageLoadTexts,
  readStoredLocale,
  type PageLoadFailure,
} from '@cityops/ui';
import type { SignedIn } from '../app/fullApp';
import { Icon } from '../features/auth/login/icons';
import { loginThemeVariables } from '../features/auth/login/loginTheme';
import { useActiveTheme } from '../features/theme/themePalette';
import { loadFullApp } from './fullAppCode';
import { LightLogin } from './LightLogin';
import styles from './Boot.module.css';

type Stage = { name: 'login' } | { name: 'app'; signedIn?: SignedIn };

/**
 * What the page starts with (issue 11): the light login on a login address without a session, the
 * full shell everywhere else and after signing in there.
 */
export function Boot({ startOnLogin }: { startOnLogin: boolean }) {
  const [stage, setStage] = useState<Stage>(startOnLogin ? { name: 'login' } : { name: 'app' });
  if (stage.name === 'login')
    return <LightLogin onSignedIn={(signedIn) => setStage({ name: 'app', signedIn })} />;
  return <FullApp signedIn={stage.signedIn} />;
}

type Code =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType }
  | { status: 'failed'; reason: PageLoadFailure };

/**
 * The full shell once its code is in; meanwhile 系统加载中, and code that fails to load or takes longer
 * than §9's 120 s says so with 重试, as a page's code does (`lazyPage`), instead of a white screen.
 */
function FullApp({ signedIn }: { signedIn?: SignedIn }) {
  const [code, setCode] = useState<Code>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadFullApp()
      .then((fullApp) => fullApp.startFullApp(signedIn))
      .then(
        (App) => {
          if (!cancelled) setCode({ status: 'ready', App });
        },
        (error: unknown) => {
          console.error('the shell', error);
          if (!cancelled)
            setCode({ status: 'failed', reason: error instanceof PageLoadError ? error.reason : 'failed' });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [signedIn, attempt]);

  if (code.status === 'ready') return <code.App />;
  return (
    <BootScreen
      failure={code.status === 'failed' ? code.reason : null}
      onRetry={() => {
        setCode({ status: 'loading' });
        setAttempt((count) => count + 1);
      }}
    />
  );
}

/** 系统加载中, or why the shell's code is not there with 重试: plain markup in the stored theme. */
function BootScreen({ failure, onRetry }: { failure: PageLoadFailure | null; onRetry(): void }) {
  const { mode, palette } = useActiveTheme();
  const locale = readStoredLocale();
  const texts = pageLoadTexts[locale];
  const timedOut = failure === 'timeout';
  return (
    <main className={styles.screen} style={loginThemeVariables(mode, palette)}>
      {failure === null ? (
        <p className={styles.loading} role="status">
          {loginTexts[locale].loading}
        </p>
      ) : (
        <div role="alert" className={styles.failure}>
          <Icon name={timedOut ? 'warning' : 'error'} className={timedOut ? styles.timeout : styles.error} />
          <h2>{timedOut ? texts['pageLoad.timeoutTitle'] : texts['pageLoad.failedTitle']}</h2>
          <p>
            {timedOut
              ? texts['pageLoad.timeoutText'].replace('{{seconds}}', String(CHUNK_LOAD_TIMEOUT_MS / 1000))
              : texts['pageLoad.failedText']}
          </p>
          <button type="button" onClick={onRetry}>
            {texts['pageLoad.retry']}
          </button>
        </div>
      )}
    </main>
  );
}
