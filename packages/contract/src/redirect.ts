/** Any origin will do: only whether a value stays on it matters. */
const HERE = 'http://cityops.invalid';

/**
 * Where a sign-in link's `redirect` may send the user: a path on this origin, starting with exactly
 * one '/' (not '//host', not '/\host', not a URL with a scheme), and not /userlogin itself (a link
 * that would sign in again on arrival). Answers the path as the address bar will show it, or null.
 * The server refuses a link whose redirect fails this; the /userlogin page follows only what passes.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    // The URL parser drops tabs and newlines, so '/\t/evil.com' is caught here as another origin.
    const url = new URL(value, HERE);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== HERE || path.startsWith('//')) return null;
    // Routes match without regard to case, so /UserLogin is the same page.
    return url.pathname.toLowerCase().startsWith('/userlogin') ? null : path;
  } catch {
    return null;
  }
}

/**
 * Whether a link an administrator stores (a menu's external address) may be opened: http, https, or
 * relative to this page. Parsed as the browser will, so `java\tscript:`, ` javascript:` and
 * `JAVASCRIPT:` are refused along with `data:` and the rest; empty counts as no link.
 */
export function isSafeLinkUrl(value: string): boolean {
  if (value.trim() === '') return true;
  try {
    return ['http:', 'https:'].includes(new URL(value, HERE).protocol);
  } catch {
    return false;
  }
}
