import { SUB_APP_PORTS, SUB_APPS, type SubApp } from '@cityops/contract';

/** The parts of `window.location` that decide a sub-app's origin. */
export interface PageLocation {
  protocol: string;
  hostname: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Hex groups and colons, an optional dotted IPv4 tail and zone; a domain name never holds a colon. */
const IPV6 = /^[0-9a-f:]*:[0-9a-f:]*(\d+\.\d+\.\d+\.\d+)?(%[\w.-]+)?$/i;

const unbracketed = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/** Whether the page was opened by IP address (IPv4, or IPv6 bracketed or bare) rather than by name. */
export function isIpHost(hostname: string): boolean {
  const host = unbracketed(hostname);
  return IPV4.test(host) || IPV6.test(host);
}

/**
 * The origin a sub-app's frame is served from (video-talk-alarm-header.md §2.1): the page's protocol
 * and host, on the app's IP-mode port when the host is an IP address and its domain-mode port otherwise.
 */
export function subAppOrigin(app: SubApp, location: PageLocation): string {
  const host = unbracketed(location.hostname).toLowerCase();
  const ip = isIpHost(host);
  const port = SUB_APP_PORTS[app][ip ? 'ip' : 'domain'];
  return `${location.protocol}//${ip && host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The sub-app whose frame shows `path` (`/iotcloud/...` → iotcloud), or null for the shell's own pages. */
export function subAppForPath(path: string): SubApp | null {
  if (!path.startsWith('/')) return null;
  const first = path.split(/[/?#]/, 2)[1];
  return SUB_APPS.find((app) => app === first) ?? null;
}

/** The sub-app expected at `origin` from this page, or null when no sub-app lives there. */
export function isSubAppOrigin(origin: string, location: PageLocation): SubApp | null {
  return SUB_APPS.find((app) => subAppOrigin(app, location) === origin) ?? null;
}

/** `/iotcloud/iot/x?id=1#a` → `/iotcloud/iot/x`: pages and tabs are kept per route, whatever their query. */
export const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] ?? path;
