import { z } from 'zod';
import { SUB_APPS } from './constants.js';
import { StatusCode } from './envelope.js';
import { LOCALES } from './locales.js';

/**
 * The shell <-> sub-app postMessage protocol. Every message names who sent it
 * (`source`), the protocol version and the sub-app it is from or for; anything that does not parse is
 * ignored by both sides, so foreign messages (extensions, dev tools) never reach the apps.
 */
export const BRIDGE_VERSION = 1;
export const BRIDGE_SHELL_SOURCE = 'cityops-shell';
export const BRIDGE_SUBAPP_SOURCE = 'cityops-subapp';
export const BRIDGE_PATH_MAX = 512;
export const BRIDGE_TITLE_MAX = 100;
export const BRIDGE_TABS_MAX = 50;
export const BRIDGE_PALETTE_MAX = 64;

/**
 * An absolute in-app path (with an optional query and hash). Not `//host` or `/\host`, which
 * browsers would read as another origin, and no whitespace or control characters.
 */
export const bridgePathSchema = z
  .string()
  .max(BRIDGE_PATH_MAX)
  .regex(/^\/(?![/\\])[^\s\p{Cc}]*$/u, 'an absolute path on this site');

const titleSchema = z.string().max(BRIDGE_TITLE_MAX);

const localeSchema = z.enum(LOCALES);

/** `--cityops-header-bg` → `#001529`: the palette as CSS custom properties (packages/ui theme). */
export const bridgeThemeSchema = z.object({
  mode: z.enum(['light', 'dark']),
  palette: z
    .record(z.string().regex(/^--[a-z0-9-]{1,64}$/), z.string().max(200))
    .refine((vars) => Object.keys(vars).length <= BRIDGE_PALETTE_MAX, 'too many palette variables'),
});

export const bridgeTabSchema = z.object({
  code: z.string().min(1).max(BRIDGE_TITLE_MAX),
  path: bridgePathSchema,
  title: titleSchema,
});

/** What the shell shares with every frame, and pushes again whenever one of them changes. */
const sharedState = {
  locale: localeSchema,
  theme: bridgeThemeSchema,
  tabs: z.array(bridgeTabSchema).max(BRIDGE_TABS_MAX),
};

const fromShell = {
  source: z.literal(BRIDGE_SHELL_SOURCE),
  version: z.literal(BRIDGE_VERSION),
  /** The sub-app the message is for. */
  app: z.enum(SUB_APPS),
};

const fromSubApp = {
  source: z.literal(BRIDGE_SUBAPP_SOURCE),
  version: z.literal(BRIDGE_VERSION),
  /** The sub-app that sent it. */
  app: z.enum(SUB_APPS),
};

/** Shell → frame: the answer to `ready`, with everything the frame needs to render its first page. */
export const welcomeMessageSchema = z.object({
  ...fromShell,
  type: z.literal('welcome'),
  path: bridgePathSchema,
  userId: z.number().int().nullable(),
  ...sharedState,
});

/** Shell → frame: show this path (menu click, tab switch, back/forward, deep link). */
export const navigateMessageSchema = z.object({
  ...fromShell,
  type: z.literal('navigate'),
  path: bridgePathSchema,
  replace: z.boolean(),
});

/** Shell → frame: locale, theme or the open tabs changed; always the whole snapshot. */
export const stateMessageSchema = z.object({ ...fromShell, type: z.literal('state'), ...sharedState });

/** Shell → frame: the header's refresh; remount the page at `path` (its state starts afresh). */
export const reloadMessageSchema = z.object({
  ...fromShell,
  type: z.literal('reload'),
  path: bridgePathSchema,
});

/** Shell → frame: the user signed out; drop every cached page and query. */
export const logoutMessageSchema = z.object({ ...fromShell, type: z.literal('logout') });

const layoutSize = z.number().min(0).max(100_000);
const layoutRectSchema = z.object({
  left: z.number().min(-100_000).max(100_000),
  top: z.number().min(-100_000).max(100_000),
  width: layoutSize,
  height: layoutSize,
});

/**
 * Shell → frame: where the frame sits in the top window (CSS pixels) and that window's inner and outer
 * sizes, so the frame can work out screen positions (the desktop video plug-in lays native windows
 * over a container; a cross-origin frame cannot read the top window's layout). `visible` is false
 * while another page is in view, `covered` while a shell dialog is open over the frames. Sent on
 * `ready`, on resize and on a page switch; looked at again several times a second, and sent when it
 * changed, only while the frame watches (`watchLayout`).
 */
export const layoutMessageSchema = z.object({
  ...fromShell,
  type: z.literal('layout'),
  frame: layoutRectSchema,
  inner: z.object({ width: layoutSize, height: layoutSize }),
  outer: z.object({ width: layoutSize, height: layoutSize }),
  visible: z.boolean(),
  covered: z.boolean(),
});

/** Frame → shell: the frame has loaded and listens; it is showing `path`. */
export const readyMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('ready'),
  path: bridgePathSchema,
});

/**
 * Frame → shell: the frame moved to `path`. The shell mirrors it in its URL and tab, replacing its
 * history entry when `replace` is set, so a navigation inside a frame never adds two entries.
 */
export const navigatedMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('navigated'),
  path: bridgePathSchema,
  title: titleSchema,
  replace: z.boolean(),
});

/** Frame → shell: the page at `path` has a (new) tab title. */
export const titleMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('title'),
  path: bridgePathSchema,
  title: titleSchema,
});

/** Frame → shell: a call inside the frame answered with a session-ended code; the shell asks 确定登出 once. */
export const sessionEndedMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('sessionEnded'),
  statusCode: z.union([
    z.literal(StatusCode.SESSION_ENDED),
    z.literal(StatusCode.SESSION_ENDED_10008),
    z.literal(StatusCode.SESSION_ENDED_10002),
  ]),
});

/**
 * Frame → shell: answer an alarm call (interfaceType 1 with `alarmId`) or call an idle box (0), from
 * 报警监控 or 报警接听. The shell's alarm receiver owns the one call of the browser tab: it answers
 * (updateAlarmPeople), opens the call dialog over every frame, and refuses with 当前正在接听 while a
 * call is active, exactly as when the answer button of a notice is clicked.
 */
export const answerAlarmMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('answerAlarm'),
  devId: z.number().int().positive(),
  alarmId: z.number().int().positive().nullable(),
});

/**
 * Frame → shell: start the desktop video plug-in by its URL scheme (`cityops-plugin://start`). The
 * top window does it: browsers are warier of a cross-origin frame handing a URL to the system. The
 * address is fixed, so the message carries none.
 */
export const startPluginMessageSchema = z.object({ ...fromSubApp, type: z.literal('startPlugin') });

/**
 * Frame → shell: whether a page of the frame follows its layout closely (the video plug-in's native
 * windows over a container): while `watching`, the shell looks for moves, resizes and covering dialogs
 * several times a second; otherwise it tells the layout only on `ready`, resize and page switches.
 */
export const watchLayoutMessageSchema = z.object({
  ...fromSubApp,
  type: z.literal('watchLayout'),
  watching: z.boolean(),
});

/**
 * Frame → shell: the user pressed Esc in the frame and nothing there took it (no dialog, menu or field
 * in focus): on a full-screen page (no header, video-talk-alarm-header.md §2.3) the shell leaves it, as
 * when Esc is pressed over the shell itself. Keys never cross frames, so the frame tells.
 */
export const escapeMessageSchema = z.object({ ...fromSubApp, type: z.literal('escape') });

export const shellToFrameMessageSchema = z.discriminatedUnion('type', [
  welcomeMessageSchema,
  navigateMessageSchema,
  stateMessageSchema,
  reloadMessageSchema,
  logoutMessageSchema,
  layoutMessageSchema,
]);

export const frameToShellMessageSchema = z.discriminatedUnion('type', [
  readyMessageSchema,
  navigatedMessageSchema,
  titleMessageSchema,
  sessionEndedMessageSchema,
  answerAlarmMessageSchema,
  startPluginMessageSchema,
  watchLayoutMessageSchema,
  escapeMessageSchema,
]);

export const bridgeMessageSchema = z.discriminatedUnion('type', [
  ...shellToFrameMessageSchema.options,
  ...frameToShellMessageSchema.options,
]);

export type BridgeTheme = z.infer<typeof bridgeThemeSchema>;
export type BridgeTab = z.infer<typeof bridgeTabSchema>;
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;
export type NavigateMessage = z.infer<typeof navigateMessageSchema>;
export type StateMessage = z.infer<typeof stateMessageSchema>;
export type ReloadMessage = z.infer<typeof reloadMessageSchema>;
export type LogoutMessage = z.infer<typeof logoutMessageSchema>;
export type LayoutMessage = z.infer<typeof layoutMessageSchema>;
export type FrameLayout = Omit<LayoutMessage, 'source' | 'version' | 'app' | 'type'>;
export type ReadyMessage = z.infer<typeof readyMessageSchema>;
export type NavigatedMessage = z.infer<typeof navigatedMessageSchema>;
export type TitleMessage = z.infer<typeof titleMessageSchema>;
export type SessionEndedMessage = z.infer<typeof sessionEndedMessageSchema>;
export type AnswerAlarmMessage = z.infer<typeof answerAlarmMessageSchema>;
export type StartPluginMessage = z.infer<typeof startPluginMessageSchema>;
export type WatchLayoutMessage = z.infer<typeof watchLayoutMessageSchema>;
export type EscapeMessage = z.infer<typeof escapeMessageSchema>;
export type ShellToFrameMessage = z.infer<typeof shellToFrameMessageSchema>;
export type FrameToShellMessage = z.infer<typeof frameToShellMessageSchema>;
export type BridgeMessage = z.infer<typeof bridgeMessageSchema>;
