import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
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
import { whenIdle } from '../app/whenIdle';
import { prefetchFullApp, startShell } from './fullAppCode';
import { LightLogin } from './LightLogin';
import styles from './Boot.module.css';

type Code =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType }
  | { status: 'failed'; reason: PageLoadFailure };

type Stage =
  | { name: 'login' }
  /** After a sign-in: `first` once the shell's start has settled, `started` while it is still on. */
  | { name: 'app'; signedIn?: SignedIn; first?: Code; started?: Promise<Code> };

/** How long the light login waits for the shell before 系统加载中 says that it is coming. */
const SHOW_WAIT_AFTER_MS = 300;

/** Starts the full shell; answers the shell to show, or why its code is not there. */
const startCode = (signedIn?: SignedIn): Promise<Code> =>
  startShell(signedIn).then(
    (App) => ({ status: 'ready', App }),
    (error: unknown) => {
      console.error('the shell', error);
      return { status: 'failed', reason: error instanceof PageLoadError ? error.reason : 'failed' };
    },
  );

/**
 * What the page starts with: the light login on a login address without a session, the
 * full shell everywhere else and after signing in there. Behind the light login it fetches the full
 * shell once the page is idle and renders its warm-up (`ShellWarmup`), so that the click on 登录
 * waits for neither the code nor antd's first styles. After a sign-in the light login stays until the
 * shell can take its place, so nothing (系统加载中) flashes between the two; only when the shell's
 * code is not there yet (a sign-in before it came) does 系统加载中 say the wait.
 */
export function Boot({ startOnLogin }: { startOnLogin: boolean }) {
  const [stage, setStage] = useState<Stage>(startOnLogin ? { name: 'login' } : { name: 'app' });
  const [Warmup, setWarmup] = useState<ComponentType | null>(null);
  const starting = useRef(false);
  useEffect(() => {
    if (!startOnLogin) return;
    return prefetchFullApp((fullApp) => setWarmup(() => fullApp.ShellWarmup));
  }, [startOnLogin]);
  // The warm-up's styles are held until the shell's own components hold them, then it goes. The same
  // element each render, so the stage changing does not render it again.
  const onShellShown = useCallback(() => whenIdle(() => setWarmup(null), WARMUP_LINGER_MS), []);
  const warmup = useMemo(() => Warmup && <Warmup />, [Warmup]);

  const onSignedIn = (signedIn: SignedIn) => {
    if (starting.current) return;
    starting.current = true;
    const started = startCode(signedIn);
    const slow = window.setTimeout(() => setStage({ name: 'app', signedIn, started }), SHOW_WAIT_AFTER_MS);
    void started.then((first) => {
      window.clearTimeout(slow);
      setStage({ name: 'app', signedIn, first });
    });
  };

  return (
    <>
      {stage.name === 'login' ? (
        <LightLogin onSignedIn={onSignedIn} />
      ) : (
        <FullApp
          signedIn={stage.signedIn}
          first={stage.first}
          started={stage.started}
          onShown={onShellShown}
        />
      )}
      {warmup}
    </>
  );
}

/** How long at most the warm-up stays once the shell is on screen (it goes when the page is idle). */
const WARMUP_LINGER_MS = 2000;

/**
 * The full shell once its code is in; meanwhile 系统加载中, and code that fails to load or takes longer
 * than §9's 120 s says so with 重试, as a page's code does (`lazyPage`), instead of a white screen.
 * After a sign-in the boot made the first start: `first` is how it went, `started` the start itself
 * while it is still on.
 */
function FullApp({
  signedIn,
  first,
  started,
  onShown,
}: {
  signedIn?: SignedIn;
  first?: Code;
  started?: Promise<Code>;
  onShown(): () => void;
}) {
  const [own, setOwn] = useState<Code>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && first) return;
    let cancelled = false;
    void (attempt === 0 && started ? started : startCode(signedIn)).then((next) => {
      if (!cancelled) setOwn(next);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, first, started, attempt]);

  const code = attempt === 0 && first ? first : own;
  if (code.status === 'ready')
    return (
      <>
        <code.App />
        <Shown onShown={onShown} />
      </>
    );
  return (
    <BootScreen
      failure={code.status === 'failed' ? code.reason : null}
      onRetry={() => {
        setOwn({ status: 'loading' });
        setAttempt((count) => count + 1);
      }}
    />
  );
}

/** Says when what comes before it has been committed to the page. */
function Shown({ onShown }: { onShown(): () => void }) {
  useEffect(onShown, [onShown]);
  return null;
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
