import { z } from 'zod';

/**
 * The desktop video plug-in's protocol (video-talk-alarm-header.md §7 "Local video plugin", §9, and
 * platform-shell.md §9's scan rules): a websocket on 127.0.0.1, the first free port of 15900-15909.
 * The page (packages/video's web control) sends requests; the plug-in answers each one with the same
 * id, a code (0 = done) and a msg, and may send events of its own. One shape for both sides: the
 * plug-in (plugin/) and the web control parse every frame with these schemas.
 *
 * A "control" is the plug-in's grid of native video windows laid over one container of the page; a
 * control belongs to the socket that created it and is destroyed when that socket closes.
 */

export const PLUGIN_PORT_FIRST = 15900;
export const PLUGIN_PORT_COUNT = 10;
export const PLUGIN_PORTS: readonly number[] = Array.from(
  { length: PLUGIN_PORT_COUNT },
  (_, i) => PLUGIN_PORT_FIRST + i,
);
/** What the plug-in calls itself in its hello answer (a listener that says otherwise is not ours). */
export const PLUGIN_NAME = 'cityops-video-plugin';
/** The URL scheme the page starts the plug-in by (its Linux .desktop handler; the Windows registry key). */
export const PLUGIN_URL_SCHEME = 'cityops-plugin';

export const PLUGIN_TIMING = {
  /** Looking for a listening plug-in gives up after this long (platform-shell.md §9). */
  discoveryTimeoutMs: 20_000,
  /** A request the plug-in has not answered in this long fails (platform-shell.md §9, "connect time"). */
  connectTimeoutMs: 60_000,
  heartbeatMs: 5_000,
  /** This many missed heartbeats in a row and the page counts the plug-in as gone (platform-shell.md §9). */
  heartbeatFailureLimit: 3,
  /** Starting by URL scheme: this many tries, this far apart (§4.8, §9). */
  startRetries: 3,
  startRetryMs: 3_000,
  /**
   * A beacon frame that has loaded without saying who it is (an error page: nothing listens on that
   * port) is given this long for a message still on its way: a frame's load and its message arrive
   * by separate routes, in no set order.
   */
  beaconGraceMs: 500,
  /** A plug-in answer with a code other than 0 shows its msg this long (§8, §9). */
  messageMs: 3_000,
  /** The page reports the container's screen position every this many animation frames (platform-shell.md §9). */
  positionEveryFrames: 5,
  /** Secrets older than this (by the `time` sent with them) are refused: a captured init cannot be replayed. */
  secretMaxAgeMs: 60_000,
} as const;

/**
 * The plug-in's beacon: a page it serves over plain HTTP at this path on its port, which a page of
 * CityOps loads in a hidden frame to learn whether a plug-in listens there. A frame that cannot load
 * (nothing on the port) fails silently, where a websocket that cannot connect is reported in the
 * browser's console every time; so the page looks by beacon and opens a websocket only where a
 * plug-in answered. `origin` (the page's) is where the beacon posts, and what it checks as a
 * websocket's Origin: a page the plug-in would refuse learns nothing.
 */
export const PLUGIN_BEACON_PATH = '/beacon';
export const pluginBeaconUrl = (port: number, origin: string) =>
  `http://127.0.0.1:${port}${PLUGIN_BEACON_PATH}?origin=${encodeURIComponent(origin)}`;
/** What the beacon posts to the page that framed it. */
export const pluginBeaconSchema = z.object({ name: z.literal(PLUGIN_NAME), port: z.number().int() });
export type PluginBeacon = z.infer<typeof pluginBeaconSchema>;

/** Grid by camera count, up to 25 windows (§9). */
export const PLUGIN_MAX_WINDOWS = 25;

/** Answer codes. Every answer other than OK carries a msg a person can read. */
export const PLUGIN_CODE = {
  OK: 0,
  /** Not JSON, unknown method, or parameters that fail the schema (msg names the field). */
  BAD_REQUEST: 1,
  /** realmonitor/playback/talk before init, or on a control/window that does not exist. */
  NOT_READY: 2,
  /** The secret did not decrypt with the plug-in's key, or its time is stale. */
  SECRET: 3,
  /** The camera platform refused (msg is the platform's) or could not be reached. */
  PLATFORM: 4,
  /** The native player, snapshot or recording failed on this computer. */
  LOCAL: 5,
} as const;
export type PluginCode = (typeof PLUGIN_CODE)[keyof typeof PLUGIN_CODE];

/** A rectangle in screen pixels (the page adds window.screenX/Y and the browser's chrome to the container's). */
export const pluginRectSchema = z.object({
  left: z.number().int(),
  top: z.number().int(),
  width: z.number().int().min(1).max(16_384),
  height: z.number().int().min(1).max(16_384),
});
export type PluginRect = z.infer<typeof pluginRectSchema>;

const controlId = z.string().min(1).max(64);
/** Windows are numbered from 1, left to right and top to bottom. */
const wndId = z.number().int().min(1).max(PLUGIN_MAX_WINDOWS);
const cameraIndexCode = z.string().min(1).max(64);
const epochSeconds = z.number().int().min(0);

/** One window to play live (the fields of §7's play item; transMode 1 = TCP, gpuMode 0 = software, streamMode 0 = main). */
export const pluginPreviewItemSchema = z.object({
  cameraIndexCode,
  wndId,
  streamMode: z.literal(0).default(0),
  transMode: z.literal(1).default(1),
  gpuMode: z.literal(0).default(0),
});
export type PluginPreviewItem = z.input<typeof pluginPreviewItemSchema>;

/** One window to play back: the range and where to start in it, epoch seconds; recordLocation 0 platform, 1 device. */
export const pluginPlaybackItemSchema = pluginPreviewItemSchema
  .omit({ streamMode: true })
  .extend({
    startTimeStamp: epochSeconds,
    endTimeStamp: epochSeconds,
    playTimeStamp: epochSeconds.optional(),
    recordLocation: z.union([z.literal(0), z.literal(1)]).default(0),
  })
  .refine((item) => item.endTimeStamp > item.startTimeStamp, {
    message: 'endTimeStamp must follow startTimeStamp',
    path: ['endTimeStamp'],
  });
export type PluginPlaybackItem = z.input<typeof pluginPlaybackItemSchema>;

/** The requests, by method, with their parameters. */
export const pluginRequestParams = {
  /** Who is listening: name, version, port, the public key, and the controls it shows. */
  hello: z.object({}),
  heartbeat: z.object({}),
  /** The RSA public key (PEM, RSA-OAEP with SHA-256) secrets are encrypted with. */
  getPublicKey: z.object({}),
  /** The grid over the page's container. */
  'window.create': z.object({
    rect: pluginRectSchema,
    wndCount: z.number().int().min(1).max(PLUGIN_MAX_WINDOWS),
  }),
  'window.move': z.object({ controlId, rect: pluginRectSchema }),
  'window.resize': z.object({ controlId, rect: pluginRectSchema }),
  'window.layout': z.object({ controlId, wndCount: z.number().int().min(1).max(PLUGIN_MAX_WINDOWS) }),
  'window.hide': z.object({ controlId }),
  'window.show': z.object({ controlId }),
  'window.destroy': z.object({ controlId }),
  /**
   * The platform the control plays from: appKey, the app secret and the time, each RSA-encrypted
   * (base64), the time also in clear. The plug-in signs the platform's calls itself (Artemis).
   */
  init: z.object({
    controlId,
    appKey: z.string().min(1).max(200),
    appSecret: z.string().min(1).max(2_048),
    /** Epoch milliseconds when the page encrypted the secrets; timeSecret is String(time) encrypted. */
    time: z.number().int().min(0),
    timeSecret: z.string().min(1).max(2_048),
    /** host[:port] of the platform, as getPlatFormInfo answers appHost. */
    host: z.string().min(1).max(255),
    https: z.boolean().default(false),
  }),
  realmonitor: z.object({ controlId, camList: z.array(z.unknown()).max(PLUGIN_MAX_WINDOWS) }),
  playback: z.object({ controlId, camList: z.array(z.unknown()).max(PLUGIN_MAX_WINDOWS) }),
  /** Stops one window, or every window of the control. */
  stop: z.object({ controlId, wndId: wndId.optional() }),
  talk: z.object({ controlId, wndId, on: z.boolean() }),
  /** A still of the window's picture, saved as a JPEG; the answer's data.path says where. */
  snapshot: z.object({ controlId, wndId }),
  'record.start': z.object({ controlId, wndId }),
  /** The answer's data.path is the saved file (本地录像已存到 {path}). */
  'record.stop': z.object({ controlId, wndId }),
  /** The plug-in's state for /plug: the hello answer. */
  state: z.object({}),
  /** Answers, then closes every control and starts again on the same port. */
  restart: z.object({}),
} as const;
export type PluginMethod = keyof typeof pluginRequestParams;
export const PLUGIN_METHODS = Object.keys(pluginRequestParams) as PluginMethod[];

export const pluginRequestSchema = z.object({
  id: z.string().min(1).max(64),
  method: z.enum(PLUGIN_METHODS as [PluginMethod, ...PluginMethod[]]),
  params: z.unknown().optional(),
});
export type PluginRequest = z.infer<typeof pluginRequestSchema>;

export const pluginAnswerSchema = z.object({
  id: z.string(),
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type PluginAnswer = z.infer<typeof pluginAnswerSchema>;

export const pluginWindowStateSchema = z.object({
  wndId,
  state: z.enum(['idle', 'playing', 'error']),
  cameraIndexCode: z.string().optional(),
  recording: z.boolean(),
  talking: z.boolean(),
});
export const pluginControlStateSchema = z.object({
  controlId,
  rect: pluginRectSchema,
  visible: z.boolean(),
  initialised: z.boolean(),
  windows: z.array(pluginWindowStateSchema),
});
export type PluginControlState = z.infer<typeof pluginControlStateSchema>;

/** hello and state answer this. */
export const pluginHelloSchema = z.object({
  name: z.literal(PLUGIN_NAME),
  version: z.string(),
  port: z.number().int(),
  pid: z.number().int(),
  startedAt: z.number().int(),
  publicKey: z.string(),
  controls: z.array(pluginControlStateSchema),
});
export type PluginHello = z.infer<typeof pluginHelloSchema>;

/** What the plug-in says unasked: a window started, failed or ended (the page shows failures for 3 s). */
export const pluginEventSchema = z.object({
  event: z.enum(['windowState', 'playError', 'playEnd']),
  controlId,
  wndId,
  /** windowState: the window's new state. */
  state: pluginWindowStateSchema.shape.state.optional(),
  code: z.number().int().optional(),
  msg: z.string().optional(),
});
export type PluginEvent = z.infer<typeof pluginEventSchema>;

/**
 * What a successful answer carries in `data`, for the methods whose answer the page reads (the others
 * carry none): the web control parses these, the plug-in answers them.
 */
export const pluginAnswerData = {
  hello: pluginHelloSchema,
  state: pluginHelloSchema,
  getPublicKey: z.object({ publicKey: z.string().min(1) }),
  'window.create': z.object({ controlId }),
  snapshot: z.object({ path: z.string() }),
  'record.stop': z.object({ path: z.string() }),
} as const;
