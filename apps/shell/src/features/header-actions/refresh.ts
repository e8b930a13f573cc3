import { create } from 'zustand';

/**
 * The header's refresh reloads the page in view, not the whole app: the layout renders the active
 * page with `key={refreshKey}`, so a new key remounts it (and its queries refetch on mount).
 */
interface RefreshState {
  refreshKey: number;
  refresh(): void;
}

export const useRefreshStore = create<RefreshState>((set) => ({
  refreshKey: 0,
  refresh: () => set((state) => ({ refreshKey: state.refreshKey + 1 })),
}));

/** The key to put on the active page's element. */
export const useRefreshKey = () => useRefreshStore((state) => state.refreshKey);

/** Remounts the active page. */
export const refreshPage = () => useRefreshStore.getState().refresh();
