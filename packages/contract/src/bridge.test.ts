import { describe, expect, it } from 'vitest';
import {
  BRIDGE_PATH_MAX,
  BRIDGE_TABS_MAX,
  BRIDGE_TITLE_MAX,
  BRIDGE_VERSION,
  bridgeMessageSchema,
  frameToShellMessageSchema,
  shellToFrameMessageSchema,
  type FrameToShellMessage,
  type ShellToFrameMessage,
  type StateMessage,
} from './bridge.js';

const shell = { source: 'cityops-shell', version: BRIDGE_VERSION, app: 'iotcloud' } as const;
const frame = { source: 'cityops-subapp', version: BRIDGE_VERSION, app: 'omapp' } as const;
const state: Pick<StateMessage, 'locale' | 'theme' | 'tabs'> = {
  locale: 'zh-CN',
  theme: { mode: 'dark', palette: { '--cityops-header-bg': '#001529', '--cityops-page-text': 'rgb(0 0 0)' } },
  tabs: [{ code: 'lampPlan', path: '/iotcloud/iot/lamp/plan', title: '路灯计划' }],
};

const shellMessages: ShellToFrameMessage[] = [
  { ...shell, type: 'welcome', path: '/iotcloud/iot/lamp/plan?id=3#top', userId: 7, ...state },
  { ...shell, type: 'welcome', path: '/iotcloud', userId: null, ...state, tabs: [] },
  { ...shell, type: 'navigate', path: '/iotcloud/iot/devList', replace: false },
  { ...shell, type: 'state', ...state, locale: 'en-US' },
  { ...shell, type: 'logout' },
];

const frameMessages: FrameToShellMessage[] = [
  { ...frame, type: 'ready', path: '/omapp/assets/om/omWorkOrder' },
  { ...frame, type: 'navigated', path: '/omapp/assets/om/omInspection', title: '巡检', replace: true },
  { ...frame, type: 'title', path: '/omapp/assets/om/omInspection', title: '巡检详情' },
  { ...frame, type: 'sessionEnded', statusCode: 10401 },
  { ...frame, type: 'sessionEnded', statusCode: 10008 },
  { ...frame, type: 'sessionEnded', statusCode: 10002 },
];

describe('bridge messages', () => {
  it.each(shellMessages.map((message) => [message.type, message] as const))(
    'parses a shell %s message',
    (_, message) => {
      expect(shellToFrameMessageSchema.parse(message)).toEqual(message);
      expect(bridgeMessageSchema.parse(message)).toEqual(message);
      expect(frameToShellMessageSchema.safeParse(message).success).toBe(false);
    },
  );

  it.each(frameMessages.map((message) => [message.type, message] as const))(
    'parses a sub-app %s message',
    (_, message) => {
      expect(frameToShellMessageSchema.parse(message)).toEqual(message);
      expect(bridgeMessageSchema.parse(message)).toEqual(message);
      expect(shellToFrameMessageSchema.safeParse(message).success).toBe(false);
    },
  );

  const rejected: [string, unknown][] = [
    ['an unknown type', { ...shell, type: 'reload' }],
    ['no type', { ...shell }],
    ['a string', 'navigate'],
    ['null', null],
    ['a missing path', { ...shell, type: 'navigate', replace: false }],
    ['a missing replace flag', { ...frame, type: 'navigated', path: '/omapp', title: 'x' }],
    ['a missing source', { version: BRIDGE_VERSION, app: 'iotcloud', type: 'logout' }],
    ['a missing app', { source: 'cityops-shell', version: BRIDGE_VERSION, type: 'logout' }],
    ['an unknown app', { ...shell, app: 'shell', type: 'logout' }],
    ['a foreign source marker', { ...shell, source: 'webpack', type: 'logout' }],
    ['the sub-app marker on a shell message', { ...shell, source: 'cityops-subapp', type: 'logout' }],
    [
      'the shell marker on a sub-app message',
      { ...frame, source: 'cityops-shell', type: 'ready', path: '/' },
    ],
    ['another version', { ...shell, version: BRIDGE_VERSION + 1, type: 'logout' }],
    ['no version', { source: 'cityops-shell', app: 'iotcloud', type: 'logout' }],
    [
      'an oversized path',
      { ...shell, type: 'navigate', path: `/${'a'.repeat(BRIDGE_PATH_MAX)}`, replace: false },
    ],
    ['a relative path', { ...shell, type: 'navigate', path: 'iotcloud/iot', replace: false }],
    ['a protocol-relative path', { ...shell, type: 'navigate', path: '//evil.example/x', replace: false }],
    ['a backslash host', { ...shell, type: 'navigate', path: '/\\evil.example', replace: false }],
    ['a full URL', { ...shell, type: 'navigate', path: 'https://evil.example/', replace: false }],
    ['a path with a newline', { ...frame, type: 'ready', path: '/omapp\n' }],
    [
      'an oversized title',
      { ...frame, type: 'title', path: '/omapp', title: 'x'.repeat(BRIDGE_TITLE_MAX + 1) },
    ],
    ['another status code', { ...frame, type: 'sessionEnded', statusCode: 10001 }],
    ['a licence code as session end', { ...frame, type: 'sessionEnded', statusCode: 10402 }],
    ['an unknown locale', { ...shell, type: 'state', ...state, locale: 'fr-FR' }],
    ['an unknown theme mode', { ...shell, type: 'state', ...state, theme: { ...state.theme, mode: 'blue' } }],
    [
      'a palette key that is not a CSS variable',
      { ...shell, type: 'state', ...state, theme: { mode: 'light', palette: { color: 'red' } } },
    ],
    [
      'too many tabs',
      {
        ...shell,
        type: 'state',
        ...state,
        tabs: Array.from({ length: BRIDGE_TABS_MAX + 1 }, () => state.tabs[0]),
      },
    ],
    ['a welcome without a user', { ...shell, type: 'welcome', path: '/iotcloud', ...state }],
  ];

  it.each(rejected)('rejects %s', (_, message) => {
    expect(bridgeMessageSchema.safeParse(message).success).toBe(false);
  });

  it('accepts exactly the size limits', () => {
    const path = `/${'a'.repeat(BRIDGE_PATH_MAX - 1)}`;
    const title = '标'.repeat(BRIDGE_TITLE_MAX);
    expect(frameToShellMessageSchema.safeParse({ ...frame, type: 'title', path, title }).success).toBe(true);
    const tabs = Array.from({ length: BRIDGE_TABS_MAX }, () => state.tabs[0]);
    expect(shellToFrameMessageSchema.safeParse({ ...shell, type: 'state', ...state, tabs }).success).toBe(
      true,
    );
  });
});
