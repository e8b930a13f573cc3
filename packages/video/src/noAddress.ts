import { showMessage } from '@cityops/ui';
import { deviceCode, type VideoDevice } from './adapters.js';

/** What a device's missing address stops: live view, playback or talk (§5's 预览/回放/对讲). */
export type AddressKind = 'live' | 'playback' | 'talk';

type Translate = (
  key: 'video.noAddress' | `video.kind.${AddressKind}`,
  options?: { codes: string; kind: string },
) => string;

/** Whether the answer (code → address) has an address for the device. */
export const hasAddress = (device: VideoDevice, answer: Readonly<Record<string, unknown>>) =>
  Boolean(answer[deviceCode(device)]);

/** Codes of the devices the answer gave no address for (a device without a code counts by its name). */
export function devicesWithoutAddress(
  devices: readonly VideoDevice[],
  answer: Readonly<Record<string, unknown>>,
): string[] {
  return devices
    .filter((device) => !hasAddress(device, answer))
    .map((device) => deviceCode(device) || device.devName || '');
}

/** §5's text for them: 设备[cam-1,cam-2]，无预览地址，无法预览。 */
export function noAddressText(t: Translate, codes: readonly string[], kind: AddressKind): string {
  return t('video.noAddress', { codes: codes.join(','), kind: t(`video.kind.${kind}`) });
}

/**
 * Warns about the devices without an address, by what they lack, in one message (a second would take
 * the first one's place); says nothing when every device has its addresses.
 */
export function warnNoAddress(t: Translate, missing: Partial<Record<AddressKind, readonly string[]>>): void {
  const texts = (Object.entries(missing) as [AddressKind, readonly string[]][])
    .filter(([, codes]) => codes.length > 0)
    .map(([kind, codes]) => noAddressText(t, codes, kind));
  if (texts.length > 0) showMessage('WARN', texts.join(''));
}
