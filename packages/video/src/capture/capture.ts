import type { CaptureFormat } from '../constants.js';
import { PlayerError } from '../errors.js';
import { encodeBmp } from './bmp.js';

/** A picture of the frame a window shows, as JPEG or BMP; 0x12f930011 before the first frame. */
export async function capturePicture(video: HTMLVideoElement, format: CaptureFormat): Promise<Blob> {
  const { videoWidth: width, videoHeight: height } = video;
  if (width === 0 || height === 0 || video.readyState < 2) throw new Error(PlayerError.NO_FIRST_FRAME);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(PlayerError.OUT_OF_MEMORY);
  context.drawImage(video, 0, 0, width, height);
  if (format === 'BMP') {
    const pixels = context.getImageData(0, 0, width, height).data;
    return new Blob([encodeBmp(width, height, pixels)], { type: 'image/bmp' });
  }
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(PlayerError.OUT_OF_MEMORY))),
      'image/jpeg',
      0.92,
    ),
  );
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has started by the next task; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
