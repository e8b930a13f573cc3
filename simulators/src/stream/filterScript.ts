import { existsSync } from 'node:fs';
import type { CropRect } from '../ptz/ptzView.js';
import { BARCODE_BAND_HEIGHT, barcodeLayout, type VideoFormat } from './videoFormat.js';

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const MONO_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

function fontOption(preferred: string): string {
  // Without the font file drawtext falls back to fontconfig's default; names then show as boxes, not errors.
  return existsSync(preferred) ? `fontfile=${preferred}:` : '';
}

export interface LiveScript {
  format: VideoFormat;
  crop: CropRect;
  /** files holding the texts, so Chinese names need no filtergraph escaping */
  titleFile: string;
  clockFile: string;
}

export interface PlaybackScript extends LiveScript {
  rate: number;
  /** epoch ms of the first recorded frame */
  recordedStart: number;
}

/** Text of the clock file: local wall time for live (drawtext runs it through strftime). */
export const liveClockText = '%{localtime:%Y-%m-%d %H\\:%M\\:%S}';

/** Text of the clock file for playback: the frame's recorded time, from its (rate-scaled) pts. */
export function playbackClockText(recordedStart: number): string {
  return `%{pts:localtime:${(recordedStart / 1000).toFixed(3)}:%Y-%m-%d %H\\:%M\\:%S}`;
}

/** The looped panorama, paced to real time, cropped where the camera looks and scaled to the output. */
function picture(script: LiveScript): string[] {
  const { format, crop } = script;
  return [
    'loop=loop=-1:size=1:start=0',
    'realtime',
    // h follows w, so a zoom needs a single runtime command; x/y are set by commands too.
    `crop@ptz=w=${crop.w}:h=ow*9/16:x=${crop.x}:y=${crop.y}`,
    `scale=${format.width}:${format.height}`,
  ];
}

function overlays(script: LiveScript, barcodeMs: string): string[] {
  const { format } = script;
  const filters = [
    `drawtext=${fontOption(CJK_FONT)}textfile=${script.titleFile}:expansion=none:x=8:y=6:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`,
    `drawtext=${fontOption(MONO_FONT)}textfile=${script.clockFile}:x=8:y=38:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`,
    `drawbox=x=0:y=${format.height - BARCODE_BAND_HEIGHT}:w=${format.width}:h=${BARCODE_BAND_HEIGHT}:color=black:t=fill`,
  ];
  for (const box of barcodeLayout(format)) {
    const enable = `mod(floor(mod(${barcodeMs},65536)/${2 ** box.bit}),2)`;
    filters.push(`drawbox=x=${box.x}:y=${box.y}:w=${box.w}:h=${box.h}:color=white:t=fill:enable='${enable}'`);
  }
  return filters;
}

/** Live: the barcode carries the wall clock in ms mod 65536 at the moment the frame is drawn. */
export function liveFilterScript(script: LiveScript): string {
  return [...picture(script), ...overlays(script, 'time(0)*1000'), 'format=yuv420p'].join(',\n') + '\n';
}

/**
 * Playback at rate R (VIDEO-NOTES): frames arrive in real time; setpts=PTS*R makes their timestamps recorded
 * time, the clock and barcode are drawn from it, then setpts=PTS/R restores real-time timestamps.
 */
export function playbackFilterScript(script: PlaybackScript): string {
  const base = script.recordedStart % 65536;
  return (
    [
      ...picture(script),
      `setpts=PTS*${script.rate}`,
      ...overlays(script, `${base}+t*1000`),
      `setpts=PTS/${script.rate}`,
      'format=yuv420p',
    ].join(',\n') + '\n'
  );
}
