import { PlayerError } from '../errors.js';

/** A recording in progress; `stop` resolves with the file's bytes. */
export interface Recording {
  stop(): Promise<Blob>;
}

const MP4_TYPE = 'video/mp4';

/** Whether this browser's MediaRecorder writes MP4 (Chromium does since version 126). */
export function canRecordMp4(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(MP4_TYPE);
}

type CapturableVideo = HTMLVideoElement & { captureStream?: () => MediaStream };

/**
 * Records what a window shows, as MP4, through MediaRecorder on the video element's capture stream.
 * The picture is the decoded one, so it is re-encoded by the browser: not byte-identical to the camera.
 */
export function startMp4Recording(video: HTMLVideoElement): Recording {
  const capture = (video as CapturableVideo).captureStream?.();
  if (!capture) throw new Error(PlayerError.NOT_PLAYING);
  const recorder = new MediaRecorder(capture, { mimeType: MP4_TYPE });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  // A timeslice keeps memory in chunks rather than one growing buffer.
  recorder.start(1_000);
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.addEventListener('stop', () => resolve(new Blob(chunks, { type: MP4_TYPE })), {
          once: true,
        });
        recorder.stop();
      }),
  };
}
