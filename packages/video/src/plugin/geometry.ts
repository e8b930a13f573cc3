import type { FrameLayout, PluginRect } from '@cityops/contract';

/** A rectangle in CSS pixels, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What the page knows of where it is on the screen. */
export interface ScreenPlacement {
  /** window.screenX/Y: the browser window's outer top-left corner on the screen. */
  screenX: number;
  screenY: number;
  devicePixelRatio: number;
  /** This document's viewport (window.innerWidth/innerHeight). */
  viewport: { width: number; height: number };
  /**
   * Where the shell shows this frame (bridge `layout`), or, when the page is not framed, this window's
   * own sizes at the top-left of its viewport.
   */
  layout: Pick<FrameLayout, 'frame' | 'inner' | 'outer'>;
}

/**
 * The browser's chrome around the top window's viewport: a border on each side (half the width that
 * is not viewport) and the toolbars above (the height that is not viewport, less a border below).
 */
export function chromeOffset(layout: Pick<FrameLayout, 'inner' | 'outer'>): { x: number; y: number } {
  const x = Math.max(0, (layout.outer.width - layout.inner.width) / 2);
  const y = Math.max(0, layout.outer.height - layout.inner.height - x);
  return { x, y };
}

const intersect = (a: Box, b: Box): Box | null => {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right - left >= 1 && bottom - top >= 1
    ? { left, top, width: right - left, height: bottom - top }
    : null;
};

/**
 * The part of `container` (CSS pixels in this document) a person can see: inside this document's
 * viewport and inside the part of the frame that lies in the top window's viewport. Null when none
 * of it is in view (scrolled away, or the frame is off screen).
 */
export function visibleBox(
  container: Box,
  placement: Pick<ScreenPlacement, 'viewport' | 'layout'>,
): Box | null {
  const { frame, inner } = placement.layout;
  const ownViewport = { left: 0, top: 0, ...placement.viewport };
  // The top window's viewport in this document's coordinates.
  const topViewport = { left: -frame.left, top: -frame.top, width: inner.width, height: inner.height };
  const inView = intersect(container, ownViewport);
  return inView && intersect(inView, topViewport);
}

/**
 * Screen pixels of a box of this document: the window's place on the screen, the browser's chrome,
 * the frame's place in the top window and the box's in the frame, in device pixels. Assumes the
 * page's zoom is 100% (devicePixelRatio is then the screen's scale).
 */
export function screenRect(box: Box, placement: ScreenPlacement): PluginRect {
  const chrome = chromeOffset(placement.layout);
  const scale = placement.devicePixelRatio > 0 ? placement.devicePixelRatio : 1;
  const { frame } = placement.layout;
  const left = Math.round((placement.screenX + chrome.x + frame.left + box.left) * scale);
  const top = Math.round((placement.screenY + chrome.y + frame.top + box.top) * scale);
  const right = Math.round((placement.screenX + chrome.x + frame.left + box.left + box.width) * scale);
  const bottom = Math.round((placement.screenY + chrome.y + frame.top + box.top + box.height) * scale);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

export const sameRect = (a: PluginRect | null, b: PluginRect | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.left === b.left &&
    a.top === b.top &&
    a.width === b.width &&
    a.height === b.height);

/** Why the control is hidden, or null when it may show (one value per rule that hides it). */
export type HiddenReason =
  /** The browser tab is in the background or the window minimised (document.hidden). */
  | 'document'
  /** The shell shows another page than this frame's. */
  | 'frame'
  /** A shell dialog lies over the frames. */
  | 'shellDialog'
  /** The page's own tab in the sub-app is not active (a kept-alive page), or the container is not laid out. */
  | 'notLaidOut'
  /** Scrolled out of view. */
  | 'outOfView'
  /** A dialog, drawer or overlay of the page covers the container. */
  | 'covered';

export interface VisibilityInput {
  documentHidden: boolean;
  /** The shell's layout, or null when the page is not framed. */
  layout: Pick<FrameLayout, 'visible' | 'covered'> | null;
  container: Box;
  /** The container's visible part (visibleBox). */
  inView: Box | null;
  /** Whether something else is on top of the container (coveredAt). */
  covered: boolean;
}

export function hiddenReason(input: VisibilityInput): HiddenReason | null {
  if (input.documentHidden) return 'document';
  if (input.layout && !input.layout.visible) return 'frame';
  if (input.layout?.covered) return 'shellDialog';
  if (input.container.width < 1 || input.container.height < 1) return 'notLaidOut';
  if (!input.inView) return 'outOfView';
  if (input.covered) return 'covered';
  return null;
}

/** Elements that may lie over the video briefly without hiding it (a message, a tooltip). */
const PASSING = '.ant-message, .ant-tooltip, .ant-popover';

/**
 * Whether another element (a dialog, a drawer, a mask) is on top of `container` at one of five
 * points of its visible part: its centre and near its corners.
 */
export function coveredAt(
  container: Element,
  inView: Box,
  elementFromPoint: (x: number, y: number) => Element | null,
): boolean {
  const points: [number, number][] = [
    [0.5, 0.5],
    [0.1, 0.1],
    [0.9, 0.1],
    [0.1, 0.9],
    [0.9, 0.9],
  ];
  return points.some(([fx, fy]) => {
    const hit = elementFromPoint(inView.left + inView.width * fx, inView.top + inView.height * fy);
    if (!hit || container === hit || container.contains(hit)) return false;
    return hit.closest(PASSING) === null;
  });
}
