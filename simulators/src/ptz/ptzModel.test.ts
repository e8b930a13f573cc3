import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { MAX_ZOOM, PtzModel } from './ptzModel.js';
import { cropForPosition, expectedCentreColour, PANORAMA_WIDTH } from './ptzView.js';

const start = { pan: 0.5, tilt: 0.5, zoom: 1 };

describe('PTZ model', () => {
  it('pans right at full speed by a quarter of the range per second until stopped', () => {
    const clock = new ManualClock(1000);
    const ptz = new PtzModel(clock, start);
    ptz.startMove('right', 1);
    clock.advance(1000);
    expect(ptz.position().pan).toBeCloseTo(0.75);
    ptz.stopMove();
    clock.advance(5000);
    expect(ptz.position()).toEqual({ pan: 0.75, tilt: 0.5, zoom: 1 });
    expect(ptz.isMoving()).toBe(false);
  });

  it('moves diagonally and at half speed half as far', () => {
    const clock = new ManualClock();
    const ptz = new PtzModel(clock, start);
    ptz.startMove('leftUp', 0.5);
    clock.advance(1000);
    const position = ptz.position();
    expect(position.pan).toBeCloseTo(0.375);
    expect(position.tilt).toBeCloseTo(0.375);
  });

  it('stops at the bounds instead of running past them', () => {
    const clock = new ManualClock();
    const ptz = new PtzModel(clock, start);
    ptz.startMove('down', 1);
    ptz.startLens('zoomIn', 1);
    clock.advance(60_000);
    expect(ptz.position().tilt).toBe(1);
    expect(ptz.position().zoom).toBe(MAX_ZOOM);
    ptz.startLens('zoomOut', 1);
    clock.advance(60_000);
    expect(ptz.position().zoom).toBe(1);
  });

  it('pans slower across the picture when zoomed in', () => {
    const clock = new ManualClock();
    const ptz = new PtzModel(clock, { pan: 0.5, tilt: 0.5, zoom: 2 });
    ptz.startMove('left', 1);
    clock.advance(1000);
    expect(ptz.position().pan).toBeCloseTo(0.375);
  });

  it('accepts focus and iris without moving the picture', () => {
    const clock = new ManualClock();
    const ptz = new PtzModel(clock, start);
    ptz.startLens('focusFar', 1);
    ptz.startLens('irisEnlarge', 1);
    ptz.stopLens();
    clock.advance(1000);
    expect(ptz.snapshot()).toMatchObject({ ...start, focus: 1, iris: 1, moving: false });
  });

  it('stores, recalls, lists and deletes presets 1 to 25', () => {
    const clock = new ManualClock();
    const ptz = new PtzModel(clock, start);
    ptz.startMove('right', 1);
    clock.advance(1000);
    ptz.stopMove();
    ptz.setPreset(3, '东门');
    ptz.startMove('left', 1);
    clock.advance(2000);
    ptz.stopMove();
    expect(ptz.position().pan).toBeCloseTo(0.25);

    expect(ptz.gotoPreset(3)).toBe(true);
    expect(ptz.position().pan).toBeCloseTo(0.75);
    expect(ptz.listPresets().map((preset) => [preset.index, preset.name])).toEqual([[3, '东门']]);
    expect(ptz.deletePreset(3)).toBe(true);
    expect(ptz.gotoPreset(3)).toBe(false);
    expect(() => ptz.setPreset(26, 'x')).toThrow(RangeError);
    expect(() => ptz.setPreset(0, 'x')).toThrow(RangeError);
  });

  it('maps a position to a crop whose centre pixel encodes it', () => {
    const left = cropForPosition({ pan: 0, tilt: 0, zoom: 1 });
    expect(left).toEqual({ x: 0, y: 0, w: 960, h: 540 });
    const right = cropForPosition({ pan: 1, tilt: 1, zoom: 4 });
    expect(right.x + right.w).toBe(PANORAMA_WIDTH);
    expect(expectedCentreColour({ pan: 0.5, tilt: 0.5, zoom: 1 })).toEqual({ red: 127.5, green: 127.5 });
  });
});
