import { loadHomePage } from '../features/home/routes';
import { whenIdle } from './whenIdle';

/** The layout every signed-in page sits in: header, side menu, tab bar. */
export const loadShellLayout = () => import('../features/layout/ShellLayout');

/**
 * Fetches the code the first signed-in page needs (the layout and the landing page) while the user is
 * still on the login page, once it is idle, so signing in waits for no code. The login page itself
 * loads without it.
 */
export function prefetchSignedInCode(): () => void {
  return whenIdle(() => void Promise.all([loadShellLayout(), loadHomePage()]).catch(() => undefined), 2000);
}
