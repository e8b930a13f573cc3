import { create } from 'zustand';
import type { SubApp } from '@cityops/contract';

export type FrameStatus = 'loading' | 'ready' | 'failed';

/** A frame that has not said `ready` this long after it was created has failed (a server that hangs). */
export const FRAME_READY_TIMEOUT_MS = 20_000;
/** After the frame's document has loaded, its script has this long to say `ready`. */
export const FRAME_BOOT_GRACE_MS = 6_000;

interface FrameStatusState {
  status: Partial<Record<SubApp, FrameStatus>>;
  /** Bumped by 重试: a new key makes a new iframe. */
  attempts: Partial<Record<SubApp, number>>;
  /** Tab titles a frame gave its pages (e.g. the record on show), by path. */
  titles: Readonly<Record<string, string>>;
  set(app: SubApp, status: FrameStatus): void;
  retry(app: SubApp): void;
  setTitle(path: string, title: string): void;
  forget(app: SubApp): void;
}

export const useFrameStatus = create<FrameStatusState>()((set) => ({
  status: {},
  attempts: {},
  titles: {},
  set: (app, status) => set((state) => ({ status: { ...state.status, [app]: status } })),
  retry: (app) =>
    set((state) => ({
      status: { ...state.status, [app]: 'loading' },
      attempts: { ...state.attempts, [app]: (state.attempts[app] ?? 0) + 1 },
    })),
  setTitle: (path, title) => set((state) => ({ titles: { ...state.titles, [path]: title } })),
  forget: (app) =>
    set((state) => {
      const status = Object.fromEntries(Object.entries(state.status).filter(([known]) => known !== app));
      const titles = Object.fromEntries(
        Object.entries(state.titles).filter(([path]) => !path.startsWith(`/${app}/`)),
      );
      return { status, titles };
    }),
}));
