import { z } from 'zod';
import { messageSchema } from './messages.js';

/**
 * The message push socket (platform-shell.md §7 Messages, §9; ARCHITECTURE "Push to browsers"): a
 * plain WebSocket at `{messageCenterUrl}{PUSH_PATH}` (ws: or wss: as the page). The client's first
 * frame carries its access token; the server answers with the unread count and then pushes new
 * messages and invalidations. Every frame is one JSON object.
 */

export const PUSH_PATH = '/push/message';

/** §9: the socket opens 2 s after the shell starts. */
export const PUSH_OPEN_DELAY_MS = 2_000;
/** The client pings this often; the server closes a socket silent for PUSH_IDLE_CLOSE_MS. */
export const PUSH_HEARTBEAT_MS = 25_000;
export const PUSH_IDLE_CLOSE_MS = 70_000;
/** A socket that has not sent its token this long after opening is closed. */
export const PUSH_AUTH_TIMEOUT_MS = 5_000;
/** Reconnect back-off: from 2 s, doubling, at most 60 s (with jitter). */
export const PUSH_BACKOFF_MIN_MS = 2_000;
export const PUSH_BACKOFF_MAX_MS = 60_000;
/** Only while sockets cannot connect: the unread count is then polled this often. */
export const PUSH_FALLBACK_POLL_MS = 60_000;
/** The largest frame a client may send, and how many it may send in a window before it is closed. */
export const PUSH_MAX_FRAME_BYTES = 4_096;
export const PUSH_FLOOD_FRAMES = 30;
export const PUSH_FLOOD_WINDOW_MS = 10_000;
/** How many sockets of one kind (messages, live telemetry, alarm feed, alarm calls) a user may hold. */
export const PUSH_SOCKETS_PER_USER = 20;

/** §4, §9 message notifier: at most 20 messages kept; closes after 20 s without interaction. */
export const NOTIFIER_MAX_MESSAGES = 20;
export const NOTIFIER_AUTO_CLOSE_MS = 20_000;

/** Close codes (4000-4999 are the application's) with the reason sent beside them. */
export const PUSH_CLOSE = {
  /** The first frame was not a token, or a frame was not JSON of this protocol. */
  badFrame: 4400,
  /** The token names no live session, or the session ended (signed out, expired, kicked, disabled). */
  unauthorized: 4401,
  /** The user no longer holds msg_page. */
  forbidden: 4403,
  /** No token within PUSH_AUTH_TIMEOUT_MS, or silent for PUSH_IDLE_CLOSE_MS. */
  timeout: 4408,
  /** More than PUSH_FLOOD_FRAMES frames in PUSH_FLOOD_WINDOW_MS, or a frame over PUSH_MAX_FRAME_BYTES. */
  flood: 4429,
} as const;
export type PushCloseCode = (typeof PUSH_CLOSE)[keyof typeof PUSH_CLOSE];
/** Codes after which reconnecting with the same token is pointless. */
export const PUSH_FINAL_CLOSES: readonly number[] = [PUSH_CLOSE.unauthorized, PUSH_CLOSE.forbidden];

/** What the browser sends: first its token (§7 "sends accessToken"), then pings. */
export const pushClientFrameSchema = z.union([
  z.object({ accessToken: z.string().min(1).max(512) }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type PushClientFrame = z.infer<typeof pushClientFrameSchema>;

/**
 * What the server sends. `messages` is §7's frame (status_code 1 with messageList and noReadCount): on
 * authentication with the newest unread messages (at most NOTIFIER_MAX_MESSAGES; the notifier does not
 * pop these up, it only takes the count), and then each new message as it happens (`fresh`, popped up).
 * `changed` says what an administrator changed for this user, to be read again without signing in:
 * `access` (roles, permissions: menu and element codes) or `dictionary` (dictList).
 */
export const pushServerFrameSchema = z.discriminatedUnion('type', [
  z.object({
    status_code: z.literal(1),
    type: z.literal('messages'),
    fresh: z.boolean(),
    messageList: z.array(messageSchema),
    noReadCount: z.number().int().min(0),
  }),
  /** The unread count changed without a new message (read here or in another tab or instance). */
  z.object({ status_code: z.literal(1), type: z.literal('count'), noReadCount: z.number().int().min(0) }),
  z.object({ status_code: z.literal(1), type: z.literal('pong') }),
  z.object({ status_code: z.literal(1), type: z.literal('changed'), what: z.enum(['access', 'dictionary']) }),
]);
export type PushServerFrame = z.infer<typeof pushServerFrameSchema>;
