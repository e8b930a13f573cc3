import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLUGIN_BEACON_PATH, PLUGIN_NAME, type PluginBeacon } from '@cityops/contract';
import { originAllowed } from './origin.js';

/**
 * The beacon (contract PLUGIN_BEACON_PATH): a page a CityOps page frames to learn, without a
 * websocket that would fail loudly in the browser's console, that a plug-in listens on this port.
 * It posts {name, port} to its parent, only to the origin the page names, and only when that origin
 * may open the websocket (originAllowed, the same rule): a page the plug-in would refuse learns
 * nothing, and no other page can read the message (postMessage's target origin). Answers whether it
 * handled the request.
 */
export function answerBeacon(
  request: IncomingMessage,
  response: ServerResponse,
  port: number,
  allowedHosts: readonly string[] | undefined,
): boolean {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== PLUGIN_BEACON_PATH) return false;
  const origin = pageOrigin(url.searchParams.get('origin'), allowedHosts);
  if (request.method !== 'GET' || origin === null) {
    response
      .writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end(`${PLUGIN_NAME}: not for this page\n`);
    return true;
  }
  const beacon: PluginBeacon = { name: PLUGIN_NAME, port };
  // JSON in a script: `<` escaped so no value can close the element.
  const script = `parent.postMessage(${JSON.stringify(beacon)}, ${JSON.stringify(origin)});`.replace(
    /</g,
    '\\u003c',
  );
  const hash = createHash('sha256').update(script).digest('base64');
  response
    .writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // A beacon kept in a cache would say the plug-in is there after it has gone.
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // Only this one script runs. Any page may frame it (a sub-app's frame sits in the shell's, so
      // frame-ancestors would have to name origins the beacon cannot know); only the named one hears it.
      'content-security-policy': `default-src 'none'; script-src 'sha256-${hash}'`,
    })
    .end(`<!doctype html><meta charset="utf-8"><title>${PLUGIN_NAME}</title><script>${script}</script>\n`);
  return true;
}

/** The page's origin as given, normalised; null when absent, not an origin, or not let in. */
function pageOrigin(value: string | null, allowedHosts: readonly string[] | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // An origin only, as a browser's location.origin gives it: no path, query or credentials.
  if (url.origin !== value) return null;
  return originAllowed(url.origin, allowedHosts) ? url.origin : null;
}
