import { PLUGIN_TIMING, type FrameLayout, type PluginRect } from '@cityops/contract';
import {
  coveredAt,
  hiddenReason,
  sameRect,
  screenRect,
  visibleBox,
  type HiddenReason,
  type ScreenPlacement,
} from './geometry.js';

/** The window the tracker reads; narrowed so tests hand in their own numbers. */
export type TrackedWindow = Pick<
  Window,
  | 'screenX'
  | 'screenY'
  | 'devicePixelRatio'
  | 'innerWidth'
  | 'innerHeight'
  | 'outerWidth'
  | 'outerHeight'
  | 'requestAnimationFrame'
  | 'cancelAnimationFrame'
> & { document: Pick<Document, 'hidden' | 'elementFromPoint'> };

/** Where the container is and whether it shows, as measured at one frame. */
export interface Placement {
  /** Screen pixels of the part in view; null when hidden. */
  rect: PluginRect | null;
  hidden: HiddenReason | null;
}

/** The shell's layout, or the window's own when the page is not framed. */
function layoutOf(win: TrackedWindow, layout: FrameLayout | null): ScreenPlacement['layout'] {
  if (layout) return layout;
  return {
    frame: { left: 0, top: 0, width: win.innerWidth, height: win.innerHeight },
    inner: { width: win.innerWidth, height: win.innerHeight },
    outer: { width: win.outerWidth, height: win.outerHeight },
  };
}

/** Measures the container once: its screen rectangle and, when it must not show, why. */
export function measurePlacement(
  container: Element,
  win: TrackedWindow,
  layout: FrameLayout | null,
): Placement {
  const box = container.getBoundingClientRect();
  const placement: ScreenPlacement = {
    screenX: win.screenX,
    screenY: win.screenY,
    devicePixelRatio: win.devicePixelRatio,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    layout: layoutOf(win, layout),
  };
  const laidOut = container.isConnected && box.width >= 1 && box.height >= 1;
  const inView = laidOut ? visibleBox(box, placement) : null;
  const hidden = hiddenReason({
    documentHidden: win.document.hidden,
    layout,
    container: laidOut ? box : { left: 0, top: 0, width: 0, height: 0 },
    inView,
    covered: inView !== null && coveredAt(container, inView, (x, y) => win.document.elementFromPoint(x, y)),
  });
  return { rect: hidden || !inView ? null : screenRect(inView, placement), hidden };
}

export interface TrackOptions {
  container: Element;
  win: TrackedWindow;
  /** The shell's latest layout (bridge `layout`), read at each measure; null when not framed. */
  layout(): FrameLayout | null;
  /** The grid moved (same size) or resized. */
  place(rect: PluginRect, resized: boolean): void;
  setVisible(visible: boolean): void;
  /** Every this many animation frames (platform-shell.md §9: 5). */
  everyFrames?: number;
  /** Where the grid is already (window.create's rect), so it is not sent again. */
  initial?: PluginRect;
}

/**
 * Keeps the plug-in's grid over the container: every `everyFrames`-th animation frame it measures,
 * sends window.move / window.resize when the screen rectangle changed, and window.hide / window.show
 * when the container stopped or started showing. Returns the stop.
 */
export function trackPlacement(options: TrackOptions): () => void {
  const { container, win } = options;
  const every = options.everyFrames ?? PLUGIN_TIMING.positionEveryFrames;
  let frame = 0;
  let handle = 0;
  let last: PluginRect | null = options.initial ?? null;
  let shown: boolean | null = options.initial ? true : null;
  const tick = () => {
    frame += 1;
    if (frame % every === 0) {
      const { rect } = measurePlacement(container, win, options.layout());
      const visible = rect !== null;
      if (rect && !sameRect(last, rect)) {
        options.place(rect, last === null || last.width !== rect.width || last.height !== rect.height);
        last = rect;
      }
      if (visible !== shown) {
        shown = visible;
        options.setVisible(visible);
      }
    }
    handle = win.requestAnimationFrame(tick);
  };
  handle = win.requestAnimationFrame(tick);
  return () => win.cancelAnimationFrame(handle);
}

/**
 * Calls `gone` once when the element leaves its document. A kept-alive page that is hidden and then
 * closed runs no React cleanup at its removal (its effects ended when it was hidden), so the removal
 * itself is watched. Answers the stop of the watch.
 */
export function whenDetached(element: Element, gone: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    observer.disconnect();
    gone();
  });
  observer.observe(element.ownerDocument, { childList: true, subtree: true });
  return () => observer.disconnect();
}
