import { FlvDemuxer } from './flvDemuxer.js';
import type { Recording } from './mp4Recorder.js';
import { PsMuxer } from './psMuxer.js';

const PS_TYPE = 'video/mp2p';

/**
 * Records a window's stream as MPEG-PS without re-encoding: a second socket to the same ws-flv URL
 * (the media server fans one camera out to every viewer and starts a new one at a keyframe), its FLV
 * demuxed and muxed again as PS. Recording waits for the first keyframe, so the file starts cleanly.
 */
export function startPsRecording(
  url: string,
  socketFactory = (target: string) => new WebSocket(target),
): Recording {
  const parts: Uint8Array[] = [];
  const muxer = new PsMuxer((bytes) => parts.push(bytes));
  let started = false;
  let base: number | null = null;
  const demuxer = new FlvDemuxer((sample) => {
    if (sample.kind === 'video' && sample.keyframe) started = true;
    if (!started) return;
    // Times start near zero in the file, whatever the stream's clock was.
    base ??= sample.kind === 'video' ? sample.dts : sample.pts;
    if (sample.kind === 'video')
      muxer.video(sample.data, sample.pts - base + 100, sample.dts - base + 100, sample.keyframe);
    else muxer.audio(sample.data, sample.pts - base + 100);
  });
  const socket = socketFactory(url);
  socket.binaryType = 'arraybuffer';
  let broken = false;
  socket.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (broken || !(event.data instanceof ArrayBuffer)) return;
    try {
      demuxer.push(new Uint8Array(event.data));
    } catch {
      // Not FLV: keep what was recorded and stop reading.
      broken = true;
    }
  });
  return {
    stop: () => {
      socket.close();
      return Promise.resolve(
        new Blob(
          parts.map((part) => part.slice().buffer),
          { type: PS_TYPE },
        ),
      );
    },
  };
}
