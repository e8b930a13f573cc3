import {
  BRIDGE_SHELL_SOURCE,
  BRIDGE_SUBAPP_SOURCE,
  BRIDGE_VERSION,
  SUB_APPS,
  frameToShellMessageSchema,
  shellToFrameMessageSchema,
  type FrameToShellMessage,
  type ShellToFrameMessage,
  type SubApp,
} from '@cityops/contract';
import { isSubAppOrigin, subAppOrigin, type PageLocation } from './ports.js';

/** A message without the envelope fields the bridge fills in itself (source, version, app). */
type Body<M> = M extends unknown ? Omit<M, 'source' | 'version' | 'app'> : never;
export type ShellMessageBody = Body<ShellToFrameMessage>;
export type FrameMessageBody = Body<FrameToShellMessage>;

/** Why a message event was dropped; only for a debug hook, the bridge itself stays silent. */
export type IgnoredReason = 'origin' | 'source' | 'invalid' | 'app';
export type IgnoredHook = (reason: IgnoredReason, event: MessageEvent) => void;

type Listening = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface ShellBridgeOptions {
  window: Listening;
  /** The shell page's location; read on every message, so the live `window.location` works. */
  location: PageLocation;
  /** Each sub-app's iframe `contentWindow`, once its frame exists. */
  frames: ReadonlyMap<SubApp, Window> | ((app: SubApp) => Window | null | undefined);
  onMessage: (message: FrameToShellMessage) => void;
  onIgnored?: IgnoredHook;
}

export interface ShellBridge {
  /** Posts to the app's frame at its exact origin; false when the app has no frame. */
  post: (app: SubApp, message: ShellMessageBody) => boolean;
  dispose: () => void;
}

/**
 * The shell's end of the bridge. A message counts only when it comes from a sub-app's origin, from
 * that app's own frame, parses, and names that same app; everything else is dropped without a word.
 */
export function createShellBridge(options: ShellBridgeOptions): ShellBridge {
  const { window, location, frames, onMessage, onIgnored } = options;
  const frameOf = (app: SubApp) => (typeof frames === 'function' ? frames(app) : frames.get(app)) ?? null;

  const listener = (event: MessageEvent) => {
    const app = isSubAppOrigin(event.origin, location);
    if (!app) return onIgnored?.('origin', event);
    const frame = frameOf(app);
    if (!frame || event.source !== frame) return onIgnored?.('source', event);
    const parsed = frameToShellMessageSchema.safeParse(event.data);
    if (!parsed.success) return onIgnored?.('invalid', event);
    if (parsed.data.app !== app) return onIgnored?.('app', event);
    onMessage(parsed.data);
  };
  window.addEventListener('message', listener);

  return {
    post(app, body) {
      const frame = frameOf(app);
      if (!frame) return false;
      const message = shellToFrameMessageSchema.parse({
        ...body,
        source: BRIDGE_SHELL_SOURCE,
        version: BRIDGE_VERSION,
        app,
      });
      frame.postMessage(message, subAppOrigin(app, location));
      return true;
    },
    dispose: () => window.removeEventListener('message', listener),
  };
}

export interface FrameBridgeOptions {
  /** The sub-app's own window; the shell is its `parent`. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'parent'>;
  app: SubApp;
  /** The shell page's exact origin, e.g. `http://127.0.0.1:8080`. */
  shellOrigin: string;
  onMessage: (message: ShellToFrameMessage) => void;
  onIgnored?: IgnoredHook;
}

export interface FrameBridge {
  /** Posts to the shell at its exact origin; false when the app runs outside a frame. */
  post: (message: FrameMessageBody) => boolean;
  dispose: () => void;
}

/** Only a real origin (`scheme://host[:port]`) may be trusted or posted to; never `*` or `null`. */
function assertOrigin(origin: string) {
  let parsed: string | null = null;
  try {
    parsed = new URL(origin).origin;
  } catch {
    parsed = null;
  }
  if (parsed !== origin || origin === 'null') throw new Error(`Not an origin: ${origin}`);
}

/** The sub-app's end of the bridge: it hears only its parent at the shell's origin. */
export function createFrameBridge(options: FrameBridgeOptions): FrameBridge {
  const { window, app, shellOrigin, onMessage, onIgnored } = options;
  assertOrigin(shellOrigin);
  const framed = window.parent !== (window as unknown);

  const listener = (event: MessageEvent) => {
    if (!framed || event.source !== window.parent) return onIgnored?.('source', event);
    if (event.origin !== shellOrigin) return onIgnored?.('origin', event);
    const parsed = shellToFrameMessageSchema.safeParse(event.data);
    if (!parsed.success) return onIgnored?.('invalid', event);
    if (parsed.data.app !== app) return onIgnored?.('app', event);
    onMessage(parsed.data);
  };
  window.addEventListener('message', listener);

  return {
    post(body) {
      if (!framed) return false;
      const message = frameToShellMessageSchema.parse({
        ...body,
        source: BRIDGE_SUBAPP_SOURCE,
        version: BRIDGE_VERSION,
        app,
      });
      window.parent.postMessage(message, shellOrigin);
      return true;
    },
    dispose: () => window.removeEventListener('message', listener),
  };
}

const FRAME_NAME_PREFIX = 'cityops-frame';

/**
 * The iframe's `name`, which becomes the frame's `window.name`: it tells the sub-app which app it is
 * and the shell's origin, survives reloads inside the frame, and stays out of the frame's URL.
 */
export function frameWindowName(app: SubApp, shellOrigin: string): string {
  assertOrigin(shellOrigin);
  return `${FRAME_NAME_PREFIX}|${app}|${shellOrigin}`;
}

export interface FrameIdentity {
  app: SubApp;
  shellOrigin: string;
}

/**
 * Reads `window.name` inside a frame. The shell must be this page's own protocol and host (only the
 * port differs), and this page must be where that shell puts the app; anything else is treated as not
 * framed by CityOps, so a foreign page that frames a sub-app hears nothing from it.
 */
export function parseFrameWindowName(
  name: string,
  frame: PageLocation & { origin: string },
): FrameIdentity | null {
  const [prefix, app, shellOrigin, ...rest] = name.split('|');
  if (prefix !== FRAME_NAME_PREFIX || rest.length > 0 || !app || !shellOrigin) return null;
  const known = SUB_APPS.find((candidate) => candidate === app);
  if (!known) return null;
  let shell: URL;
  try {
    shell = new URL(shellOrigin);
  } catch {
    return null;
  }
  if (shell.origin !== shellOrigin) return null;
  const sameHost = shell.protocol === frame.protocol && shell.hostname === bracketed(frame.hostname);
  if (!sameHost || subAppOrigin(known, frame) !== frame.origin) return null;
  return { app: known, shellOrigin };
}

/** `URL.hostname` keeps IPv6 brackets while `location.hostname` may not; compare them alike. */
const bracketed = (hostname: string) =>
  hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
