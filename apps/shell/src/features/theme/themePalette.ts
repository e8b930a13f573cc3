import { useMemo } from 'react';
import { create } from 'zustand';
import { z } from 'zod';
import {
  PALETTE_KEYS,
  defaultPalettes,
  type PaletteKey,
  type ThemeMode,
  type ThemePalette,
} from '@cityops/ui';
import { useThemeMode } from './themeMode';

/**
 * The user's own colours, per mode. Unlike the mode (session storage, as the spec keeps it), the
 * custom palette is kept in local storage: picking fourteen colours is work nobody wants to redo in
 * every new tab. Only the colours the user changed are stored; the rest follow our defaults.
 */
export const THEME_PALETTE_KEY = 'cityops-theme-palette';

const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/);
const overridesSchema = z.partialRecord(z.enum(PALETTE_KEYS), colour);
const storedSchema = z.object({ light: overridesSchema, dark: overridesSchema });
type Overrides = z.infer<typeof storedSchema>;

const empty = (): Overrides => ({ light: {}, dark: {} });

function readOverrides(): Overrides {
  try {
    const raw = localStorage.getItem(THEME_PALETTE_KEY);
    const parsed = storedSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : empty();
  } catch {
    return empty();
  }
}

function writeOverrides(overrides: Overrides | null) {
  try {
    if (overrides) localStorage.setItem(THEME_PALETTE_KEY, JSON.stringify(overrides));
    else localStorage.removeItem(THEME_PALETTE_KEY);
  } catch {
    // Storage blocked: the colours still hold until the page is closed.
  }
}

interface ThemePaletteState {
  overrides: Overrides;
  setColour(mode: ThemeMode, key: PaletteKey, value: string): void;
  /** Back to light mode and the default colours (video-talk-alarm-header.md §4.7). */
  reset(): void;
}

export const useThemePalette = create<ThemePaletteState>((set, get) => ({
  overrides: readOverrides(),
  setColour(mode, key, value) {
    const overrides = { ...get().overrides, [mode]: { ...get().overrides[mode], [key]: value } };
    writeOverrides(overrides);
    set({ overrides });
  },
  reset() {
    writeOverrides(null);
    useThemeMode.getState().setMode('light');
    set({ overrides: empty() });
  },
}));

/** The palette in force for a mode: defaults with the user's changes on top. */
export function paletteFor(mode: ThemeMode, overrides: Overrides): ThemePalette {
  return { ...defaultPalettes[mode], ...overrides[mode] };
}

/** The mode and palette the app renders with. */
export function useActiveTheme(): { mode: ThemeMode; palette: ThemePalette } {
  const mode = useThemeMode((state) => state.mode);
  const overrides = useThemePalette((state) => state.overrides);
  const palette = useMemo(() => paletteFor(mode, overrides), [mode, overrides]);
  return { mode, palette };
}
