import { vi } from 'vitest';
import { frameWindowName } from '@cityops/client';
import { SUB_APP_PORTS, type SubApp } from '@cityops/contract';
import type { FrameWindow } from '../runtime.js';

export const SHELL_ORIGIN = 'http://127.0.0.1:8080';

/**
 * A frame's window for tests: jsdom's own event target, with a location and history of its own (the
 * sub-app's port) and a parent (the shell) whose `postMessage` is a spy. `deliver` plays the shell
 * posting a message to the frame.
 */
export function testWindow(app: SubApp, path: string, options: { framed?: boolean; name?: string } = {}) {
  const framed = options.framed ?? true;
  const port = SUB_APP_PORTS[app].ip;
  const url = new URL(`http://127.0.0.1:${port}${path}`);
  const location = {
    protocol: url.protocol,
    hostname: url.hostname,
    origin: url.origin,
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
    assign: vi.fn(),
  };
  const history = {
    state: null,
    replaceState: vi.fn((_state: unknown, _title: string, next: string) => {
      const moved = new URL(next, url);
      url.pathname = moved.pathname;
      url.search = moved.search;
      url.hash = moved.hash;
    }),
    pushState: vi.fn(),
  };
  // A real window (jsdom checks a message's source), standing in for the shell.
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const parent = iframe.contentWindow;
  if (!parent) throw new Error('jsdom gave the iframe no window');
  const postMessage = vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
  const target = new EventTarget();
  const self = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    name: options.name ?? (framed ? frameWindowName(app, SHELL_ORIGIN) : ''),
    location,
    history,
    parent: framed ? parent : undefined,
  };
  if (!framed) self.parent = self as never;
  const deliver = (data: unknown, origin = SHELL_ORIGIN, source: Window | null = parent) =>
    target.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  /** A key pressed in the frame's page. */
  const press = (init: KeyboardEventInit) => target.dispatchEvent(new KeyboardEvent('keydown', init));
  /** What the frame posted to the shell, in order. */
  const posted = () =>
    postMessage.mock.calls.map(([message]) => message as { type: string; [key: string]: unknown });
  return { window: self as unknown as FrameWindow, history, location, parent, deliver, press, posted };
}
