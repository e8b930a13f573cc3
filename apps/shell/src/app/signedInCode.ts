import { loadHomePage } from '../features/home/routes';

/** The layout every signed-in page sits in: header, side menu, tab bar. */
export const loadShellLayout = () => import('../features/layout/ShellLayout');

/**
 * Fetches the code the first signed-in page needs (the layout and the landing page) while the user is
 * still on the login page, once it is idle, so signing in waits for no code. The login page itself
 * loads without it.
 */
export function prefetchSignedInCode(): () => void {
  const load = () => void Promise.all([loadShellLayout(), loadHomePage()]).catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(load, 200);
  return () => window.clearTimeout(id);
}
