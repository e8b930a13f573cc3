import type { PtzPosition } from './ptzModel.js';

/** The panorama every camera looks into; its red/green channels encode x/y (see VIDEO-NOTES). */
export const PANORAMA_WIDTH = 1920;
export const PANORAMA_HEIGHT = 1080;
/** The crop at 1x zoom: half the panorama each way, so pan and tilt have room to move. */
export const BASE_VIEW_WIDTH = 960;
export const BASE_VIEW_HEIGHT = 540;

export interface CropRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The part of the panorama a position shows; ffmpeg's crop@ptz is set to this rectangle. */
export function cropForPosition(position: PtzPosition): CropRect {
  const w = Math.round(BASE_VIEW_WIDTH / position.zoom);
  const h = Math.round(BASE_VIEW_HEIGHT / position.zoom);
  return {
    w,
    h,
    x: Math.round(position.pan * (PANORAMA_WIDTH - w)),
    y: Math.round(position.tilt * (PANORAMA_HEIGHT - h)),
  };
}

/**
 * What the centre pixel of the picture should read for a position: red = x*255/W and green = y*255/H of the
 * panorama point in the middle of the crop. Tests decode a frame and compare.
 */
export function expectedCentreColour(position: PtzPosition): { red: number; green: number } {
  const crop = cropForPosition(position);
  return {
    red: ((crop.x + crop.w / 2) * 255) / PANORAMA_WIDTH,
    green: ((crop.y + crop.h / 2) * 255) / PANORAMA_HEIGHT,
  };
}
