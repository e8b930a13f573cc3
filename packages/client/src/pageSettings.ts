import { PAGE_SETTINGS_GLOBAL, pageSettingsFrom, type PageSettings } from '@cityops/contract';

declare global {
  interface Window {
    [PAGE_SETTINGS_GLOBAL]?: unknown;
  }
}

/**
 * Reads the runtime page settings that /config.js leaves on `window`. A setting that does not parse
 * falls back to its default on its own, so one typo does not cost the others; with no /config.js at
 * all (a Vite dev server without the API server) every default applies.
 */
export function parsePageSettings(raw: unknown): PageSettings {
  const { settings, issues } = pageSettingsFrom(raw);
  if (issues.length > 0)
    console.warn('Some page settings in /config.js are invalid; their defaults apply.', issues);
  return settings;
}

/** The settings of this page, read once: /config.js runs before any module. */
export const readPageSettings = (): PageSettings => parsePageSettings(window[PAGE_SETTINGS_GLOBAL]);
