import { create } from 'zustand';
import { readToken } from '@cityops/client';

interface MenuSearchState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const useMenuSearch = create<MenuSearchState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/**
 * Ctrl+K (⌘K) opens the menu search. The listener is installed when the app starts (`startFullApp`),
 * not when the header mounts, so a press made while the layout is still loading is not lost. A second
 * install (a retried start) keeps the one listener.
 */
const installed = new WeakMap<Window, () => void>();

export function installSearchShortcut(target: Window = window): () => void {
  const existing = installed.get(target);
  if (existing) return existing;
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return;
    if (readToken() === null) return;
    event.preventDefault();
    useMenuSearch.getState().setOpen(true);
  };
  target.addEventListener('keydown', onKey);
  const uninstall = () => {
    target.removeEventListener('keydown', onKey);
    installed.delete(target);
  };
  installed.set(target, uninstall);
  return uninstall;
}
