import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '@cityops/ui';
import type { RecordFormat } from '../constants.js';
import { PlayerError, type PlayerErrorCode } from '../errors.js';
import { saveFile } from '../capture/capture.js';
import { recordingFileName } from '../recording/fileNames.js';
import { canRecordMp4, startMp4Recording, type Recording } from '../recording/mp4Recorder.js';
import { startPsRecording } from '../recording/psRecorder.js';

export interface RecordingState {
  wnd: number;
  format: RecordFormat;
}

/** Starts a recording of a window; tests pass a fake, jsdom has neither MediaRecorder nor sockets to record. */
export type RecordingStarter = (
  format: RecordFormat,
  video: HTMLVideoElement,
  streamUrl: string,
) => Recording;

export const startRecording: RecordingStarter = (format, video, streamUrl) =>
  format === 'MP4' ? startMp4Recording(video) : startPsRecording(streamUrl);

/** Whether this browser can record `format`: MP4 needs MediaRecorder with 'video/mp4', PS only a socket. */
export function canRecord(format: RecordFormat): boolean {
  return format === 'PS' || canRecordMp4();
}

/** Recording of a player (§4.3): off → on; on → off with 停止录像成功，正在保存... and the file saved. */
export function useRecording(
  starter: RecordingStarter,
  onError: (wnd: number, code: PlayerErrorCode) => void,
) {
  const { t } = useTranslation('ui');
  const [recording, setRecording] = useState<RecordingState | null>(null);
  const current = useRef<{
    wnd: number;
    format: RecordFormat;
    recording: Recording;
    startedAt: number;
  } | null>(null);

  const start = useCallback(
    (
      wnd: number,
      format: RecordFormat,
      video: HTMLVideoElement,
      streamUrl: string,
      supported = canRecord(format),
    ) => {
      if (current.current) {
        onError(wnd, PlayerError.RECORDING_ALREADY);
        return;
      }
      if (!supported) {
        showMessage('WARN', t('video.recordUnsupported', { format }));
        return;
      }
      try {
        current.current = {
          wnd,
          format,
          recording: starter(format, video, streamUrl),
          startedAt: Date.now(),
        };
        setRecording({ wnd, format });
      } catch {
        onError(wnd, PlayerError.NOT_PLAYING);
      }
    },
    [onError, starter, t],
  );

  const stop = useCallback(
    (wnd?: number) => {
      const active = current.current;
      if (!active) {
        if (wnd !== undefined) onError(wnd, PlayerError.NOT_RECORDING);
        return;
      }
      current.current = null;
      setRecording(null);
      showMessage('SUCCESS', t('video.recordSaving'));
      void active.recording
        .stop()
        .then((blob) => saveFile(blob, recordingFileName(active.format, active.startedAt)))
        .catch(() => undefined);
    },
    [onError, t],
  );

  // Leaving the page saves what was recorded.
  useEffect(
    () => () => {
      const active = current.current;
      if (active)
        void active.recording
          .stop()
          .then((blob) => saveFile(blob, recordingFileName(active.format, active.startedAt)));
    },
    [],
  );

  return { recording, start, stop };
}
