import { PLUGIN_PORTS, PLUGIN_URL_SCHEME, pluginBeaconUrl } from '@cityops/contract';

/**
 * The Content-Security-Policy of the pages (the shell's and the sub-apps'). Scripts come only from
 * the page's own origin (the built bundles and `/config.js`; no inline script, no eval) and from
 * blob: URLs, which only script already running in the page can make: the talk's AudioWorklet is
 * loaded from one (packages/video talk/worklet.ts), and worklet modules fall under script-src. Styles may be
 * inline (antd writes its styles at run time); images, fonts, media and workers from the origin or
 * data:/blob: URLs (captchas, MSE video). Video streams come from whatever hosts the camera platforms
 * name, so connections may go to any http(s)/ws(s) address. No plug-ins, no <base>, forms post home.
 */
const COMMON = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' http: https: ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * What a page frames to find and start the desktop video plug-in (video-talk-alarm-header §4.8): its
 * beacon on each port of its range, and its URL scheme (a hidden frame hands it to the system). A
 * frame the policy refuses is an error in the console, and an absent plug-in is no error.
 */
const PLUGIN_FRAMES = [
  `${PLUGIN_URL_SCHEME}:`,
  ...PLUGIN_PORTS.map((port) => new URL(pluginBeaconUrl(port, '')).origin),
].join(' ');

/** Every port of a host, on either scheme: the sub-apps' own ports (spec video-talk-alarm-header §2.1). */
const anyPortOf = (hostname: string) => `http://${hostname}:* https://${hostname}:*`;

/**
 * COMMON with scripts also from `scriptSources`: a third-party script the operator configured (AMap's
 * JS API while it is the map provider, see mapScriptSources), never otherwise.
 */
const common = (scriptSources: readonly string[]) =>
  scriptSources.length === 0
    ? COMMON
    : COMMON.map((directive) =>
        directive.startsWith('script-src ') ? `${directive} ${scriptSources.join(' ')}` : directive,
      );

/** The shell: framed only by itself; frames its sub-apps, served from other ports of the same host. */
export const shellPolicy = (hostname: string, scriptSources: readonly string[] = []) =>
  [
    ...common(scriptSources),
    `frame-src 'self' ${anyPortOf(hostname)} ${PLUGIN_FRAMES}`,
    "frame-ancestors 'self'",
  ].join('; ');

/** The directives that name where code and styles come from, each widened by `origin`. */
const FROM_ASSET_ORIGIN = ['script-src', 'style-src', 'font-src', 'img-src', 'media-src'];

/**
 * A sub-app: frames nothing of its own but the plug-in's, and is framed only by the shell's origins. Its chunks (scripts,
 * styles, fonts, images) may come from `assetOrigin`, where the six apps share them.
 */
export const subAppPolicy = (
  shellOrigins: readonly string[],
  assetOrigin: string | null = null,
  scriptSources: readonly string[] = [],
) =>
  [
    ...common(scriptSources).map((directive) =>
      assetOrigin && FROM_ASSET_ORIGIN.includes(directive.split(' ')[0] ?? '')
        ? directive.replace("'self'", `'self' ${assetOrigin}`)
        : directive,
    ),
    `frame-src 'self' ${PLUGIN_FRAMES}`,
    `frame-ancestors ${shellOrigins.join(' ')}`,
  ].join('; ');

/**
 * The shell's origins as a sub-app on `hostname` sees them: the shell's port on that host (either
 * scheme, for a TLS proxy on the same port), and any configured public origin (SHELL_ORIGINS) when a
 * reverse proxy serves the shell elsewhere.
 */
export const shellOrigins = (hostname: string, shellPort: number, configured: readonly string[]) => [
  `http://${hostname}:${shellPort}`,
  `https://${hostname}:${shellPort}`,
  ...(shellPort === 80 ? [`http://${hostname}`] : []),
  ...(shellPort === 443 ? [`https://${hostname}`] : []),
  ...configured,
];
