import type { CaptureFormat, RecordFormat } from '../constants.js';
import { compactStamp } from '../time.js';

/** A recording is named by the date-time to the minute (§9): `202611221530.mp4`, `202611221530.ps`. */
export function recordingFileName(format: RecordFormat, time: number): string {
  return `${compactStamp(time)}.${format === 'MP4' ? 'mp4' : 'ps'}`;
}

/** A picture is named by the date-time to the second, so two captures in one minute do not collide. */
export function captureFileName(format: CaptureFormat, time: number): string {
  return `${compactStamp(time, true)}.${format === 'JPEG' ? 'jpg' : 'bmp'}`;
}
