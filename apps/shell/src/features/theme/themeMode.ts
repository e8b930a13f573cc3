import { create } from 'zustand';
import { z } from 'zod';
import type { ThemeMode } from '@cityops/ui';

/** Light or dark, kept for the browser session (video-talk-alarm-header.md §4.7); light by default. */
export const THEME_MODE_KEY = 'cityops-theme-mode';
const modeSchema = z.enum(['light', 'dark']);

function readMode(): ThemeMode {
  try {
    const parsed = modeSchema.safeParse(sessionStorage.getItem(THEME_MODE_KEY));
    return parsed.success ? parsed.data : 'light';
  } catch {
    return 'light';
  }
}

interface ThemeModeState {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
}

export const useThemeMode = create<ThemeModeState>((set) => ({
  mode: readMode(),
  setMode(mode) {
    try {
      sessionStorage.setItem(THEME_MODE_KEY, mode);
    } catch {
      // Storage blocked: the choice still holds until the page is closed.
    }
    set({ mode });
  },
}));
