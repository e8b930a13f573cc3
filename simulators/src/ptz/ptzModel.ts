import type { Clock } from '../clock.js';

/** Where the camera looks: pan and tilt from 0 (left/top) to 1 (right/bottom), zoom from 1x to MAX_ZOOM. */
export interface PtzPosition {
  pan: number;
  tilt: number;
  zoom: number;
}

export type PtzDirection = 'up' | 'down' | 'left' | 'right' | 'leftUp' | 'rightUp' | 'leftDown' | 'rightDown';
export type PtzLens = 'zoomIn' | 'zoomOut' | 'focusNear' | 'focusFar' | 'irisEnlarge' | 'irisReduce';

export interface PtzPreset {
  index: number;
  name: string;
  position: PtzPosition;
}

export interface PtzSnapshot extends PtzPosition {
  moving: boolean;
  focus: number;
  iris: number;
  presets: PtzPreset[];
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const PRESET_MIN = 1;
export const PRESET_MAX = 25;
/** At full speed a pan crosses the whole range in 4 s, so a test or an operator sees it move at once. */
const FULL_SPEED_PAN_PER_SECOND = 0.25;
/** At full speed the lens goes from 1x to 4x in 3 s. */
const FULL_SPEED_ZOOM_PER_SECOND = 1;

const directionVectors: Record<PtzDirection, [number, number]> = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
  leftUp: [-1, -1],
  rightUp: [1, -1],
  leftDown: [-1, 1],
  rightDown: [1, 1],
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The pan-tilt-zoom state of one camera. Motion is linear per axis between commands, so the position at
 * any moment is computed from the last settled position and the velocities: no timer is needed and a
 * fake clock gives exact answers.
 */
export class PtzModel {
  private settled: PtzPosition;
  private settledAt: number;
  private panVelocity = 0;
  private tiltVelocity = 0;
  private zoomVelocity = 0;
  private focus = 0;
  private iris = 0;
  private readonly presets = new Map<number, PtzPreset>();

  constructor(
    private readonly clock: Clock,
    initial: PtzPosition = { pan: 0.5, tilt: 0.5, zoom: 1 },
  ) {
    this.settled = { ...initial };
    this.settledAt = clock.now();
  }

  position(): PtzPosition {
    const seconds = (this.clock.now() - this.settledAt) / 1000;
    return {
      pan: clamp(this.settled.pan + this.panVelocity * seconds, 0, 1),
      tilt: clamp(this.settled.tilt + this.tiltVelocity * seconds, 0, 1),
      zoom: clamp(this.settled.zoom + this.zoomVelocity * seconds, MIN_ZOOM, MAX_ZOOM),
    };
  }

  isMoving(): boolean {
    return this.panVelocity !== 0 || this.tiltVelocity !== 0 || this.zoomVelocity !== 0;
  }

  /** Starts moving in a direction; `speed` is a fraction of full speed (0-1]. */
  startMove(direction: PtzDirection, speed: number): void {
    this.settle();
    const [dx, dy] = directionVectors[direction];
    // Real domes move slower across the picture when zoomed in; keeps the view controllable at 4x.
    const rate = (FULL_SPEED_PAN_PER_SECOND * clamp(speed, 0, 1)) / this.settled.zoom;
    this.panVelocity = dx * rate;
    this.tiltVelocity = dy * rate;
  }

  stopMove(): void {
    this.settle();
    this.panVelocity = 0;
    this.tiltVelocity = 0;
  }

  /** Starts a lens action. Focus and iris only count steps: the synthetic picture has nothing to blur. */
  startLens(action: PtzLens, speed: number): void {
    this.settle();
    const fraction = clamp(speed, 0, 1);
    if (action === 'zoomIn') this.zoomVelocity = FULL_SPEED_ZOOM_PER_SECOND * fraction;
    else if (action === 'zoomOut') this.zoomVelocity = -FULL_SPEED_ZOOM_PER_SECOND * fraction;
    else if (action === 'focusNear') this.focus -= 1;
    else if (action === 'focusFar') this.focus += 1;
    else if (action === 'irisEnlarge') this.iris += 1;
    else this.iris -= 1;
  }

  stopLens(): void {
    this.settle();
    this.zoomVelocity = 0;
  }

  stopAll(): void {
    this.stopMove();
    this.stopLens();
  }

  setPreset(index: number, name: string): void {
    assertPresetIndex(index);
    this.presets.set(index, { index, name, position: this.position() });
  }

  /** Moves straight to a stored preset; false when the preset does not exist. */
  gotoPreset(index: number): boolean {
    assertPresetIndex(index);
    const preset = this.presets.get(index);
    if (!preset) return false;
    this.panVelocity = 0;
    this.tiltVelocity = 0;
    this.zoomVelocity = 0;
    this.settled = { ...preset.position };
    this.settledAt = this.clock.now();
    return true;
  }

  deletePreset(index: number): boolean {
    assertPresetIndex(index);
    return this.presets.delete(index);
  }

  listPresets(): PtzPreset[] {
    return [...this.presets.values()].sort((a, b) => a.index - b.index);
  }

  snapshot(): PtzSnapshot {
    return {
      ...this.position(),
      moving: this.isMoving(),
      focus: this.focus,
      iris: this.iris,
      presets: this.listPresets(),
    };
  }

  private settle(): void {
    this.settled = this.position();
    this.settledAt = this.clock.now();
  }
}

export function isPresetIndex(index: number): boolean {
  return Number.isInteger(index) && index >= PRESET_MIN && index <= PRESET_MAX;
}

function assertPresetIndex(index: number): void {
  if (!isPresetIndex(index))
    throw new RangeError(`preset index ${index} is outside ${PRESET_MIN}-${PRESET_MAX}`);
}
