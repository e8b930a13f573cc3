import type { VideoDevice } from './adapters.js';

type Translate = (key: 'video.unknownDevice' | 'video.moreDevices', options?: { count: number }) => string;

/**
 * The video dialog's title (§2.4): the given title, else the first device's name (未知设备 without
 * one), with 等N个设备 appended when there is more than one device.
 */
export function videoDialogTitle(t: Translate, devices: readonly VideoDevice[], title?: string): string {
  const first = devices[0];
  const base = title || first?.devName || first?.deviceDto?.devName || t('video.unknownDevice');
  return devices.length > 1 ? `${base}${t('video.moreDevices', { count: devices.length })}` : base;
}
