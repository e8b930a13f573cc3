/**
 * After sign-in: the configured forward address (a path here, or a full URL elsewhere), else `/`. A
 * full URL unloads the page, so it waits for `saved` (the remember-me save) first; a path is handed to
 * `navigate`, which replaces the login page's history entry.
 */
export function goForward(forwardUrl: string, navigate: (path: string) => void, saved: Promise<void>): void {
  if (/^https?:\/\//i.test(forwardUrl)) void saved.then(() => window.location.assign(forwardUrl));
  else navigate(forwardUrl.startsWith('/') ? forwardUrl : '/');
}
