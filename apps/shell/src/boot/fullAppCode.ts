import { loadModule } from '@cityops/ui';
import { whenIdle } from '../app/whenIdle';

/** The signed-in shell: antd, the router, i18next, every route (a chunk of its own, issue 11). */
const importFullApp = () => import('../app/fullApp');
export type FullAppModule = Awaited<ReturnType<typeof importFullApp>>;

/** Loads the full shell as a page's code loads: a failed script is asked again, within §9's 120 s. */
export const loadFullApp = () => loadModule(importFullApp);

/**
 * Fetches the full shell and the first signed-in page's code while the user is on the light login,
 * once the page is idle, so signing in waits for no code. Answers a function that cancels it.
 */
export function prefetchFullApp(): () => void {
  let cancelSignedIn = () => {};
  const cancel = whenIdle(() => {
    void loadFullApp().then(
      (fullApp) => {
        cancelSignedIn = fullApp.prefetchSignedInCode();
      },
      // Not fatal here: signing in asks again, and says so if the code still does not come.
      () => undefined,
    );
  }, 2000);
  return () => {
    cancel();
    cancelSignedIn();
  };
}
