import { parseVideoTime, type AlarmRecord, type VideoDevice } from '@cityops/contract';

/** The recording shown around a call: from 30 s before the press to 30 s after the end (or now). */
export const PLAYBACK_MARGIN_MS = 30_000;

/**
 * The box camera's playback entry for a call (§3 device entry with its time window), or null when
 * the box has no camera or the press time cannot be read.
 */
export function callPlayback(call: Pick<AlarmRecord, 'deviceDto' | 'happenTime' | 'endTime'>, now: number) {
  const camera = call.deviceDto.camera;
  const pressed = parseVideoTime(call.happenTime);
  if (!camera || pressed === null) return null;
  const ended = (call.endTime === null ? null : parseVideoTime(call.endTime)) ?? now;
  const { lng, lat, ...place } = camera.deviceDto;
  const device: VideoDevice = {
    ...camera,
    deviceDto: { ...place, lng: lng ?? undefined, lat: lat ?? undefined },
    startTime: pressed - PLAYBACK_MARGIN_MS,
    // Nothing is recorded after now.
    endTime: Math.max(Math.min(ended + PLAYBACK_MARGIN_MS, now), pressed),
  };
  return device;
}
