import type { FrameLayout } from '@cityops/contract';

/** How often the shell looks whether a frame moved, resized or got covered (cheap: one rect, one query). */
export const FRAME_LAYOUT_POLL_MS = 250;

/** A shell dialog or drawer is open: its mask lies over the frames. */
const COVERING = '.ant-modal-mask, .ant-drawer-mask, .ant-image-preview-mask';

export function shellDialogOpen(document: Pick<Document, 'querySelectorAll'>): boolean {
  return [...document.querySelectorAll<HTMLElement>(COVERING)].some(
    (mask) => mask.getClientRects().length > 0 && getComputedStyle(mask).display !== 'none',
  );
}

type TopWindow = Pick<Window, 'innerWidth' | 'innerHeight' | 'outerWidth' | 'outerHeight'>;

/** Where `frame` sits in the top window, with that window's sizes (the bridge `layout` message). */
export function measureFrameLayout(
  frame: Pick<Element, 'getBoundingClientRect'>,
  top: TopWindow,
  visible: boolean,
  covered: boolean,
): FrameLayout {
  const rect = frame.getBoundingClientRect();
  return {
    frame: { left: rect.left, top: rect.top, width: rect.width, height: rect.height },
    inner: { width: top.innerWidth, height: top.innerHeight },
    outer: { width: top.outerWidth, height: top.outerHeight },
    visible,
    covered,
  };
}

export const sameLayout = (a: FrameLayout | undefined, b: FrameLayout) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);
