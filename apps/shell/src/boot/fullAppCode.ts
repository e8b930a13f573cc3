import { loadModule } from '@cityops/ui';
import type { SignedIn } from '../app/fullApp';
import { whenIdle } from '../app/whenIdle';

/** The signed-in shell: antd, the router, i18next, every route (a chunk of its own). */
const importFullApp = () => import('../app/fullApp');
export type FullAppModule = Awaited<ReturnType<typeof importFullApp>>;

/** Loads the full shell as a page's code loads: a failed script is asked again, within §9's 120 s. */
export const loadFullApp = () => loadModule(importFullApp);

/**
 * Fetches the full shell while the user is on the light login, once the page is idle, and has it
 * prepare what it can (`prepareFullApp`: the first signed-in page's code, the texts), so signing in
 * waits for neither; `onLoaded` gets the shell's module once it is in. Answers a function that
 * cancels it.
 */
/** Loads the full shell and starts it, on the forward address of a sign-in when there is one. */
export const startShell = (signedIn?: SignedIn) =>
  loadFullApp().then((fullApp) => fullApp.startFullApp(signedIn));

export function prefetchFullApp(onLoaded: (fullApp: FullAppModule) => void = () => {}): () => void {
  let cancelSignedIn = () => {};
  let cancelled = false;
  const cancel = whenIdle(() => {
    void loadFullApp().then(
      (fullApp) => {
        if (cancelled) return;
        cancelSignedIn = fullApp.prepareFullApp();
        onLoaded(fullApp);
      },
      // Not fatal here: signing in asks again, and says so if the code still does not come.
      () => undefined,
    );
  }, 2000);
  return () => {
    cancelled = true;
    cancel();
    cancelSignedIn();
  };
}
