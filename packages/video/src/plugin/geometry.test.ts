import { describe, expect, it, vi } from 'vitest';
import type { FrameLayout } from '@cityops/contract';
import { chromeOffset, coveredAt, hiddenReason, screenRect, visibleBox, type Box } from './geometry.js';
import { measurePlacement, trackPlacement, type TrackedWindow } from './tracker.js';

/** The shell at 1366x768 in a browser window with 85 px of toolbars and 0 px borders. */
const layout: FrameLayout = {
  frame: { left: 200, top: 96, width: 1166, height: 672 },
  inner: { width: 1366, height: 768 },
  outer: { width: 1366, height: 853 },
  visible: true,
  covered: false,
};
const placement = {
  screenX: 10,
  screenY: 20,
  devicePixelRatio: 1,
  viewport: { width: 1166, height: 672 },
  layout,
};
const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });

describe('the screen rectangle of a container inside the sub-app frame', () => {
  it('reads the browser chrome from the top window’s outer and inner sizes', () => {
    expect(chromeOffset(layout)).toEqual({ x: 0, y: 85 });
    // 8 px borders each side and below, 100 px of toolbars above.
    expect(
      chromeOffset({ inner: { width: 1350, height: 700 }, outer: { width: 1366, height: 808 } }),
    ).toEqual({
      x: 8,
      y: 100,
    });
  });

  it('adds the window’s screen position, the chrome, the frame’s place and the container’s', () => {
    expect(screenRect(box(300, 50, 640, 360), placement)).toEqual({
      left: 10 + 0 + 200 + 300,
      top: 20 + 85 + 96 + 50,
      width: 640,
      height: 360,
    });
  });

  it('counts device pixels on a scaled screen', () => {
    expect(screenRect(box(300, 50, 640, 360), { ...placement, devicePixelRatio: 2 })).toEqual({
      left: 1020,
      top: 502,
      width: 1280,
      height: 720,
    });
  });

  it('keeps only the part in view: inside the frame’s viewport and the top window’s', () => {
    expect(visibleBox(box(100, 100, 400, 300), placement)).toEqual(box(100, 100, 400, 300));
    // Scrolled half out above.
    expect(visibleBox(box(100, -150, 400, 300), placement)).toEqual(box(100, 0, 400, 150));
    // Wholly out of view.
    expect(visibleBox(box(100, 700, 400, 300), placement)).toBeNull();
    // The frame hangs over the top window's right edge: what is beyond it is not in view.
    const wide = { ...placement, viewport: { width: 2000, height: 672 } };
    expect(visibleBox(box(1100, 0, 200, 100), wide)).toEqual(box(1100, 0, 66, 100));
  });
});

describe('when the plug-in’s windows hide', () => {
  const shown = {
    documentHidden: false,
    layout,
    container: box(0, 0, 10, 10),
    inView: box(0, 0, 10, 10),
    covered: false,
  };
  it('shows a laid-out container in view with nothing over it', () => {
    expect(hiddenReason(shown)).toBeNull();
    expect(hiddenReason({ ...shown, layout: null })).toBeNull();
  });
  it('hides for each reason, in order', () => {
    expect(hiddenReason({ ...shown, documentHidden: true })).toBe('document');
    expect(hiddenReason({ ...shown, layout: { ...layout, visible: false } })).toBe('frame');
    expect(hiddenReason({ ...shown, layout: { ...layout, covered: true } })).toBe('shellDialog');
    expect(hiddenReason({ ...shown, container: box(0, 0, 0, 0) })).toBe('notLaidOut');
    expect(hiddenReason({ ...shown, inView: null })).toBe('outOfView');
    expect(hiddenReason({ ...shown, covered: true })).toBe('covered');
  });

  it('counts the container covered when another element is on top at one of its points, not a message or tooltip', () => {
    const container = document.createElement('div');
    const inside = document.createElement('span');
    container.append(inside);
    const dialog = document.createElement('div');
    const message = document.createElement('div');
    message.className = 'ant-message';
    const note = document.createElement('span');
    message.append(note);
    const view = box(0, 0, 100, 100);
    expect(coveredAt(container, view, () => inside)).toBe(false);
    expect(coveredAt(container, view, () => null)).toBe(false);
    expect(coveredAt(container, view, () => note)).toBe(false);
    // A dialog over one corner only.
    expect(coveredAt(container, view, (x, y) => (x > 80 && y > 80 ? dialog : container))).toBe(true);
  });
});

describe('keeping the windows over the container', () => {
  function setup() {
    const container = document.createElement('div');
    document.body.append(container);
    let rect = box(300, 50, 640, 360);
    container.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: rect.left, y: rect.top, width: rect.width, height: rect.height });
    const frames: FrameRequestCallback[] = [];
    let current: FrameLayout | null = layout;
    const win: TrackedWindow = {
      screenX: 10,
      screenY: 20,
      devicePixelRatio: 1,
      innerWidth: 1166,
      innerHeight: 672,
      outerWidth: 1366,
      outerHeight: 853,
      requestAnimationFrame: (callback) => frames.push(callback),
      cancelAnimationFrame: vi.fn(),
      document: { hidden: false, elementFromPoint: () => container },
    };
    const place = vi.fn();
    const setVisible = vi.fn();
    const runFrames = (count: number) => {
      for (let i = 0; i < count; i += 1) frames.shift()?.(0);
    };
    const stop = trackPlacement({ container, win, layout: () => current, place, setVisible });
    return {
      container,
      win,
      place,
      setVisible,
      runFrames,
      stop,
      move: (next: Box) => void (rect = next),
      setLayout: (next: FrameLayout | null) => void (current = next),
    };
  }

  it('measures every 5th frame and sends move or resize only when the rectangle changed', () => {
    const t = setup();
    t.runFrames(4);
    expect(t.place).not.toHaveBeenCalled();
    t.runFrames(1);
    expect(t.place).toHaveBeenCalledWith({ left: 510, top: 251, width: 640, height: 360 }, true);
    expect(t.setVisible).toHaveBeenCalledWith(true);
    t.runFrames(5);
    expect(t.place).toHaveBeenCalledTimes(1);
    t.move(box(320, 50, 640, 360));
    t.runFrames(5);
    expect(t.place).toHaveBeenLastCalledWith({ left: 530, top: 251, width: 640, height: 360 }, false);
    t.move(box(320, 50, 800, 450));
    t.runFrames(5);
    expect(t.place).toHaveBeenLastCalledWith({ left: 530, top: 251, width: 800, height: 450 }, true);
    t.stop();
    expect(t.win.cancelAnimationFrame).toHaveBeenCalled();
  });

  it('hides when the shell shows another page, a dialog covers it, or it is not laid out; shows again after', () => {
    const t = setup();
    t.runFrames(5);
    t.setLayout({ ...layout, visible: false });
    t.runFrames(5);
    expect(t.setVisible).toHaveBeenLastCalledWith(false);
    t.setLayout(layout);
    t.runFrames(5);
    expect(t.setVisible).toHaveBeenLastCalledWith(true);
    const dialog = document.createElement('div');
    t.win.document.elementFromPoint = () => dialog;
    t.runFrames(5);
    expect(t.setVisible).toHaveBeenLastCalledWith(false);
    t.win.document.elementFromPoint = () => t.container;
    t.move(box(0, 0, 0, 0));
    t.runFrames(5);
    // Still hidden (now for another reason): nothing new is sent.
    expect(t.setVisible).toHaveBeenCalledTimes(4);
    expect(measurePlacement(t.container, t.win, layout)).toEqual({ rect: null, hidden: 'notLaidOut' });
    t.move(box(300, 50, 640, 360));
    t.runFrames(5);
    expect(t.setVisible).toHaveBeenLastCalledWith(true);
    expect(t.setVisible).toHaveBeenCalledTimes(5);
  });
});
