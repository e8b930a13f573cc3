/** The players' constants, named as video-talk-alarm-header.md §9 names them. */

/** Split choices of the HTML5 player: 1x1 up to 4x4. */
export const SPLIT_OPTIONS = [1, 2, 3, 4] as const;
export type Split = (typeof SPLIT_OPTIONS)[number];
export const MAX_SPLIT: Split = 4;
export const DEFAULT_SPLIT: Split = 2;
/** Below this page width the default split is 1x1. */
export const NARROW_SCREEN_PX = 992;
/** The HTML5 player never shows more windows than a 4x4 split holds. */
export const MAX_WINDOWS = MAX_SPLIT * MAX_SPLIT;

export const DEFAULT_VOLUME = 50;
export const CONNECT_TIMEOUT_MS = 6_000;
/** The backend closes a stream that sends nothing for this long (device offline, 0x12f910027). */
export const STREAM_IDLE_TIMEOUT_MS = 20_000;

/** Recording formats with the vendor's codes (§9). */
export const RECORD_FORMATS = { MP4: 5, PS: 2 } as const;
export type RecordFormat = keyof typeof RECORD_FORMATS;
export const CAPTURE_FORMATS = ['JPEG', 'BMP'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Default playback window when no start is given: this long before the end. */
export const DEFAULT_PLAYBACK_WINDOW_MS = DAY_MS;
export const TIMELINE_HOVER_THROTTLE_MS = 1_000;
/** Room one timeline label takes: an 11 px `00:30` is 28-32 px wide by the font, and a gap of 6 px. */
export const TIMELINE_LABEL_ROOM_PX = 38;
/** The scale stands this far in from both ends, so `00:00` and `24:00` sit centred on them like the rest. */
export const TIMELINE_INSET_PX = TIMELINE_LABEL_ROOM_PX / 2;
/** From this width the 48 half hours are labelled too (§2.5's steps at 768 and 1366 px stay). */
export const TIMELINE_HALF_HOURS_FROM_PX = 48 * TIMELINE_LABEL_ROOM_PX + 2 * TIMELINE_INSET_PX;
export const POSITION_REFRESH_MS = 1_000;
/** Single-frame forward steps one frame at this rate when the stream does not tell its own. */
export const DEFAULT_FPS = 25;

/** Round-robin (§4.5, §5, §9). */
export const ROUND_ROBIN_UNITS = ['秒', '分'] as const;
export type RoundRobinUnit = (typeof ROUND_ROBIN_UNITS)[number];
export const ROUND_ROBIN_RANGE: Record<RoundRobinUnit, { min: number; max: number; ms: number }> = {
  秒: { min: 10, max: 999, ms: 1_000 },
  分: { min: 1, max: 999, ms: 60_000 },
};
export const ROUND_ROBIN_DEFAULT = { stepTime: 10, stepUnit: '秒' as RoundRobinUnit, playFullSceen: true };

/** Pan-tilt (§9). */
export const PTZ_SPEED_MIN = 1;
export const PTZ_SPEED_MAX = 8;
export const PTZ_SPEED_DEFAULT = 4;
export const PRESET_COUNT = 25;

/** Talk audio (§9): 16 bit, 16000 Hz for the players; the intercom sockets use 8000 Hz. */
export const TALK_SAMPLE_RATE = 16_000;
export const INTERCOM_SAMPLE_RATE = 8_000;
export const TALK_FRAME_MS = 20;

export const PLATFORM_HIK = 'hik_isc_huati';
export const PLATFORM_ICC = 'dh_icc_huati';
