/**
 * Which pages may drive the plug-in. A browser always sends the page's Origin with a websocket:
 * only http: and https: pages are let in (the CityOps shell and sub-apps are served from other
 * ports, and from whatever host the deployment uses); file:, extension and opaque ('null') origins
 * are refused. `allowedHosts`, when given, narrows it to those host names. A connection without an
 * Origin is not from a web page (a local program or a test) and is let in.
 */
export function originAllowed(origin: string | undefined, allowedHosts: readonly string[] = []): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return allowedHosts.length === 0 || allowedHosts.includes(url.hostname.toLowerCase());
}
