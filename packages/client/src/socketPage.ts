import { parseFrameWindowName } from './subapp/bridge.js';
import type { PageLocation } from './subapp/ports.js';

/**
 * The page a sub-app's socket address is relative to: in the shell's frame, the shell's origin (the API
 * is always there with its WebSocket upgrades, whatever proxy stands before the sub-app's own port);
 * opened on its own, this page. Every live page of every sub-app opens its socket through this, except
 * the alarm calls' SockJS socket, whose `/info` XHR must stay same-origin (the sub-app host forwards it
 * and the upgrade).
 */
export function socketPage(
  windowName: string = window.name,
  location: PageLocation & { host: string; origin: string } = window.location,
): { protocol: string; host: string } {
  const identity = parseFrameWindowName(windowName, location);
  if (!identity) return { protocol: location.protocol, host: location.host };
  const shell = new URL(identity.shellOrigin);
  return { protocol: shell.protocol, host: shell.host };
}
