import { create } from 'zustand';
import { useTabs } from '../tabs/tabStore';

/**
 * The header's refresh reloads the page in view, not the whole app: each page tab has a generation,
 * the tab body keys the page with it, so bumping it remounts that page alone (its queries refetch on
 * mount) while pages kept in the background stay exactly as left.
 */
interface RefreshState {
  generations: Readonly<Record<string, number>>;
  refresh(code: string): void;
}

export const useRefreshStore = create<RefreshState>((set) => ({
  generations: {},
  refresh: (code) =>
    set((state) => ({ generations: { ...state.generations, [code]: (state.generations[code] ?? 0) + 1 } })),
}));

/** How many times the page of this tab has been refreshed; the key to put on its element. */
export const usePageGenerations = () => useRefreshStore((state) => state.generations);

/** Remounts the page in view. */
export const refreshPage = () => useRefreshStore.getState().refresh(useTabs.getState().activeCode);
