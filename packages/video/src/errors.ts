/**
 * The player's own error enum (§8): the codes and meanings of the vendor H5 player's table, so that
 * operators and support read the same codes they know.
 */
export const PlayerError = {
  PARAMETER: '0x12f900001',
  NOT_PLAYING: '0x12f900002',
  PLAYBACK_ONLY: '0x12f900003',
  ADVANCED_MODE: '0x12f900005',
  URL_FORMAT: '0x12f900008',
  FETCH_TIMEOUT: '0x12f900009',
  NO_AUDIO_WINDOW: '0x12f900010',
  WEBSOCKET_FAILED: '0x12f910000',
  FETCH_FAILED: '0x12f910010',
  STREAM_INTERRUPTED: '0x12f910011',
  NO_AUDIO_DATA: '0x12f910014',
  WEBSOCKET_CLOSED: '0x12f910015',
  WEBSOCKET_NOT_CONNECTED: '0x12f910016',
  WEBSOCKET_SILENT: '0x12f910018',
  WSS_FAILED: '0x12f910019',
  PAUSE_IN_FRAME_STEP: '0x12f910020',
  MAX_SPEED: '0x12f910021',
  MIN_SPEED: '0x12f910022',
  CONNECT_TIMEOUT: '0x12f910023',
  BACKEND_TIMEOUT: '0x12f910027',
  RECORDING_ALREADY: '0x12f920015',
  NOT_RECORDING: '0x12f920016',
  OUT_OF_MEMORY: '0x12f930010',
  NO_FIRST_FRAME: '0x12f930011',
  AUDIO_CAPTURE_FAILED: '0x12f950000',
  AUDIO_FORMAT: '0x12f950001',
  STREAM_FETCH_FAILED: '0x01b01307',
  PLAYBACK_FETCH_FAILED: '0x01900050',
  PLAYBACK_FETCH_FAILED_2: '0x0190003e',
} as const;
export type PlayerErrorCode = (typeof PlayerError)[keyof typeof PlayerError];

const KNOWN: ReadonlySet<string> = new Set(Object.values(PlayerError));

export function isKnownPlayerError(code: string): code is PlayerErrorCode {
  return KNOWN.has(code);
}

/** The text key of a code's reason (in `videoTexts`). */
export type PlayerErrorReasonKey = `video.error.${PlayerErrorCode}`;
export const reasonKey = (code: PlayerErrorCode): PlayerErrorReasonKey => `video.error.${code}`;

/** While talking, these codes reset the talk (§4.2, §8): the stream under it is gone. */
export const TALK_RESET_CODES: ReadonlySet<string> = new Set([
  PlayerError.BACKEND_TIMEOUT,
  PlayerError.STREAM_INTERRUPTED,
]);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * 窗口N错误码[code] with the reason; an unknown code shows the code alone. `windowIndex` counts from 0,
 * the text from 1 as operators count windows.
 */
export function formatPlayerError(t: Translate, windowIndex: number, code: string): string {
  const head = t('video.windowError', { n: windowIndex + 1, code });
  return isKnownPlayerError(code) ? `${head}${t('video.errorReasonSeparator')}${t(reasonKey(code))}` : head;
}
