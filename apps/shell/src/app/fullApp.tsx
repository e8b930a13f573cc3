import type { ComponentType } from 'react';
import type { LoginData } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { signIn } from '../features/auth/session';
import { installSearchShortcut } from '../features/menu/searchShortcut';
import { App } from './App';
import { router } from './router';
import { prefetchSignedInCode } from './signedInCode';

export { ShellWarmup } from './ShellWarmup';

/** What the light login hands over after a sign-in: the answer and where to go. */
export interface SignedIn {
  login: LoginData;
  /** The forward address (a path of the shell). */
  path: string;
}

/**
 * What can be done behind the light login while the user types: the first signed-in page's code
 * fetched once the page is idle, the texts loaded into i18next. Answers a function that cancels the
 * fetch.
 */
export function prepareFullApp(): () => void {
  void initI18n();
  return prefetchSignedInCode();
}

/**
 * Gets the full shell ready to mount (the boot shows the light login and loads this chunk
 * while the user types). After a sign-in there, the session of the answer is seeded exactly as the
 * shell's own login does it (`signIn`: no second call stands between the click and the menu, and
 * without a session the guard loads it, 10402 going to /license), and the router is on the forward
 * address before the first render, so the guard does not see /login with a token. Ctrl+K listens
 * from before that navigation: a press made the moment the address leaves /login, while the layout
 * is still mounting, opens the menu search once it is there instead of being lost.
 */
export async function startFullApp(signedIn?: SignedIn): Promise<ComponentType> {
  installSearchShortcut();
  if (signedIn) {
    signIn(signedIn.login);
    await router.navigate(signedIn.path, { replace: true });
  }
  await initI18n();
  return App;
}
