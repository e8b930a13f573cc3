// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_VERSION, type FrameToShellMessage, type ShellToFrameMessage } from '@cityops/contract';
import {
  createFrameBridge,
  createShellBridge,
  frameWindowName,
  parseFrameWindowName,
  type IgnoredReason,
} from './bridge.js';

const page = { protocol: 'http:', hostname: '127.0.0.1' };
const IOTCLOUD = 'http://127.0.0.1:10201';
const SHELL = 'http://127.0.0.1:8080';

const ready: FrameToShellMessage = {
  source: 'cityops-subapp',
  version: BRIDGE_VERSION,
  app: 'iotcloud',
  type: 'ready',
  path: '/iotcloud/iot/lamp/plan',
};
const logout: ShellToFrameMessage = {
  source: 'cityops-shell',
  version: BRIDGE_VERSION,
  app: 'iotcloud',
  type: 'logout',
};

function frame(): Window {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  if (!iframe.contentWindow) throw new Error('jsdom gave the iframe no window');
  return iframe.contentWindow;
}

function deliver(target: Window, data: unknown, origin: string, source: Window | null) {
  target.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function shellSetup() {
  const iotcloud = frame();
  const omapp = frame();
  const received: FrameToShellMessage[] = [];
  const ignored: IgnoredReason[] = [];
  const bridge = createShellBridge({
    window,
    location: page,
    frames: new Map([
      ['iotcloud', iotcloud],
      ['omapp', omapp],
    ]),
    onMessage: (message) => received.push(message),
    onIgnored: (reason) => ignored.push(reason),
  });
  return { iotcloud, omapp, received, ignored, bridge };
}

describe('shell bridge', () => {
  it("accepts a sub-app's message from its own frame at its own origin", () => {
    const { iotcloud, received, ignored, bridge } = shellSetup();
    deliver(window, ready, IOTCLOUD, iotcloud);
    expect(received).toEqual([ready]);
    expect(ignored).toEqual([]);
    bridge.dispose();
  });

  it.each([
    ['a wrong port', 'http://127.0.0.1:10202', 'origin'],
    ['a wrong host', 'http://127.0.0.2:10201', 'origin'],
    ['a wrong protocol', 'https://127.0.0.1:10201', 'origin'],
    ['the null origin', 'null', 'origin'],
    ["another app's origin", 'http://127.0.0.1:10301', 'source'],
  ] as const)('ignores a message from %s', (_, origin, reason) => {
    const { iotcloud, received, ignored, bridge } = shellSetup();
    deliver(window, ready, origin, iotcloud);
    expect(received).toEqual([]);
    expect(ignored).toEqual([reason]);
    bridge.dispose();
  });

  it('ignores a message whose source is not the claimed app frame', () => {
    const { omapp, received, ignored, bridge } = shellSetup();
    deliver(window, ready, IOTCLOUD, omapp);
    deliver(window, ready, IOTCLOUD, frame());
    deliver(window, ready, IOTCLOUD, window);
    deliver(window, ready, IOTCLOUD, null);
    expect(received).toEqual([]);
    expect(ignored).toEqual(['source', 'source', 'source', 'source']);
    bridge.dispose();
  });

  it('ignores a message naming another app than the frame it came from', () => {
    const { iotcloud, received, ignored, bridge } = shellSetup();
    deliver(window, { ...ready, app: 'omapp' }, IOTCLOUD, iotcloud);
    expect(received).toEqual([]);
    expect(ignored).toEqual(['app']);
    bridge.dispose();
  });

  it('ignores messages that do not parse, without throwing', () => {
    const { iotcloud, received, ignored, bridge } = shellSetup();
    for (const data of [
      'ready',
      null,
      { ...ready, type: 'reboot' },
      { ...ready, path: undefined },
      { ...ready, source: 'cityops-shell' },
      { ...ready, version: 2 },
      { ...ready, path: `/${'x'.repeat(600)}` },
      logout,
    ]) {
      expect(() => deliver(window, data, IOTCLOUD, iotcloud)).not.toThrow();
    }
    expect(received).toEqual([]);
    expect(ignored).toEqual(Array.from({ length: 8 }, () => 'invalid'));
    bridge.dispose();
  });

  it('hears nothing after dispose', () => {
    const { iotcloud, received, bridge } = shellSetup();
    bridge.dispose();
    deliver(window, ready, IOTCLOUD, iotcloud);
    expect(received).toEqual([]);
  });

  it("posts only to the app's exact origin, never to '*'", () => {
    const { iotcloud, omapp, bridge } = shellSetup();
    const toIot = vi.spyOn(iotcloud, 'postMessage').mockImplementation(() => undefined);
    const toOm = vi.spyOn(omapp, 'postMessage').mockImplementation(() => undefined);
    expect(bridge.post('iotcloud', { type: 'navigate', path: '/iotcloud/iot/devList', replace: true })).toBe(
      true,
    );
    expect(bridge.post('omapp', { type: 'logout' })).toBe(true);
    expect(bridge.post('llapp', { type: 'logout' })).toBe(false);
    expect(toIot).toHaveBeenCalledExactlyOnceWith(
      {
        source: 'cityops-shell',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'navigate',
        path: '/iotcloud/iot/devList',
        replace: true,
      },
      IOTCLOUD,
    );
    expect(toOm).toHaveBeenCalledExactlyOnceWith({ ...logout, app: 'omapp' }, 'http://127.0.0.1:10301');
    for (const call of [...toIot.mock.calls, ...toOm.mock.calls]) expect(call[1]).not.toBe('*');
    bridge.dispose();
  });

  it('posts to the domain-mode port when the page was opened by name', () => {
    const iotcloud = frame();
    const post = vi.spyOn(iotcloud, 'postMessage').mockImplementation(() => undefined);
    const bridge = createShellBridge({
      window,
      location: { protocol: 'https:', hostname: 'localhost' },
      frames: (app) => (app === 'iotcloud' ? iotcloud : null),
      onMessage: () => undefined,
    });
    bridge.post('iotcloud', { type: 'logout' });
    expect(post).toHaveBeenCalledWith(logout, 'https://localhost:10202');
    bridge.dispose();
  });

  it('refuses to post a message that breaks the protocol', () => {
    const iotcloud = frame();
    const post = vi.spyOn(iotcloud, 'postMessage').mockImplementation(() => undefined);
    const bridge = createShellBridge({
      window,
      location: page,
      frames: new Map([['iotcloud', iotcloud]]),
      onMessage: () => undefined,
    });
    expect(() =>
      bridge.post('iotcloud', { type: 'navigate', path: '//evil.example', replace: false }),
    ).toThrow();
    expect(post).not.toHaveBeenCalled();
    bridge.dispose();
  });
});

describe('frame bridge', () => {
  function frameSetup() {
    const own = frame(); // the sub-app's window
    const shell = own.parent; // jsdom's top window, seen from the frame
    const received: ShellToFrameMessage[] = [];
    const ignored: IgnoredReason[] = [];
    const bridge = createFrameBridge({
      window: own,
      app: 'iotcloud',
      shellOrigin: SHELL,
      onMessage: (message) => received.push(message),
      onIgnored: (reason) => ignored.push(reason),
    });
    return { own, shell, received, ignored, bridge };
  }

  it('accepts the shell message from its parent at the shell origin', () => {
    const { own, shell, received, bridge } = frameSetup();
    deliver(own, logout, SHELL, shell);
    expect(received).toEqual([logout]);
    bridge.dispose();
  });

  it('ignores other windows, other origins, other apps and malformed data', () => {
    const { own, shell, received, ignored, bridge } = frameSetup();
    deliver(own, logout, SHELL, frame());
    deliver(own, logout, SHELL, own);
    deliver(own, logout, 'http://127.0.0.1:8081', shell);
    deliver(own, logout, 'https://127.0.0.1:8080', shell);
    deliver(own, logout, 'null', shell);
    deliver(own, { ...logout, app: 'omapp' }, SHELL, shell);
    deliver(own, { ...logout, version: 0 }, SHELL, shell);
    deliver(own, ready, SHELL, shell);
    expect(received).toEqual([]);
    expect(ignored).toEqual(['source', 'source', 'origin', 'origin', 'origin', 'app', 'invalid', 'invalid']);
    bridge.dispose();
  });

  it('posts to the shell origin only', () => {
    const { shell, bridge } = frameSetup();
    const post = vi.spyOn(shell, 'postMessage').mockImplementation(() => undefined);
    expect(bridge.post({ type: 'sessionEnded', statusCode: 10401 })).toBe(true);
    expect(post).toHaveBeenCalledExactlyOnceWith(
      {
        source: 'cityops-subapp',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'sessionEnded',
        statusCode: 10401,
      },
      SHELL,
    );
    bridge.dispose();
  });

  it('neither posts nor listens when the app is not in a frame', () => {
    const received: ShellToFrameMessage[] = [];
    const bridge = createFrameBridge({
      window,
      app: 'iotcloud',
      shellOrigin: SHELL,
      onMessage: (message) => received.push(message),
    });
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    expect(bridge.post({ type: 'title', path: '/iotcloud', title: 'x' })).toBe(false);
    deliver(window, logout, SHELL, window);
    expect(post).not.toHaveBeenCalled();
    expect(received).toEqual([]);
    bridge.dispose();
  });

  it.each(['*', 'null', '', 'http://127.0.0.1:8080/', '127.0.0.1:8080'])(
    'refuses %j as the shell origin',
    (origin) => {
      expect(() =>
        createFrameBridge({
          window: frame(),
          app: 'iotcloud',
          shellOrigin: origin,
          onMessage: () => undefined,
        }),
      ).toThrow();
    },
  );
});

describe('frame window name', () => {
  const at = (href: string) => {
    const url = new URL(href);
    return { protocol: url.protocol, hostname: url.hostname, origin: url.origin };
  };

  it('round-trips the app and the shell origin', () => {
    const name = frameWindowName('iotcloud', 'http://127.0.0.1:8080');
    expect(parseFrameWindowName(name, at('http://127.0.0.1:10201/iotcloud/x'))).toEqual({
      app: 'iotcloud',
      shellOrigin: 'http://127.0.0.1:8080',
    });
    const domain = frameWindowName('omapp', 'https://city.example.com');
    expect(parseFrameWindowName(domain, at('https://city.example.com:10302/omapp/'))).toEqual({
      app: 'omapp',
      shellOrigin: 'https://city.example.com',
    });
    const v6 = frameWindowName('llapp', 'http://[::1]:8080');
    expect(parseFrameWindowName(v6, at('http://[::1]:10601/llapp/'))?.app).toBe('llapp');
  });

  it('refuses a shell on another host or protocol', () => {
    const here = at('http://127.0.0.1:10201/iotcloud/');
    expect(parseFrameWindowName(frameWindowName('iotcloud', 'http://evil.example:8080'), here)).toBeNull();
    expect(parseFrameWindowName(frameWindowName('iotcloud', 'https://127.0.0.1:8080'), here)).toBeNull();
  });

  it('refuses a name for another app than the one this port serves', () => {
    const here = at('http://127.0.0.1:10201/iotcloud/');
    expect(parseFrameWindowName(frameWindowName('omapp', 'http://127.0.0.1:8080'), here)).toBeNull();
  });

  it('refuses names that are not ours', () => {
    const here = at('http://127.0.0.1:10201/iotcloud/');
    for (const name of [
      '',
      'iotcloud',
      'cityops-frame|iotcloud',
      'cityops-frame|nope|http://127.0.0.1:8080',
      'cityops-frame|iotcloud|http://127.0.0.1:8080/path',
      'cityops-frame|iotcloud|http://127.0.0.1:8080|x',
      'cityops-frame|iotcloud|not a url',
    ])
      expect(parseFrameWindowName(name, here)).toBeNull();
  });

  it('never names a frame after something that is not an origin', () => {
    expect(() => frameWindowName('iotcloud', '*')).toThrow();
    expect(() => frameWindowName('iotcloud', 'http://127.0.0.1:8080/')).toThrow();
  });
});
