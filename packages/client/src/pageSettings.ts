import { PAGE_SETTINGS_GLOBAL, pageSettingsSchema, type PageSettings } from '@cityops/contract';

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
  const source = typeof raw === 'object' && raw !== null ? raw : {};
  const first = pageSettingsSchema.safeParse(source);
  if (first.success) return first.data;
  const invalid = new Set(first.error.issues.map((issue) => issue.path[0]));
  console.warn('Some page settings in /config.js are invalid; their defaults apply.', first.error.issues);
  const valid = Object.fromEntries(Object.entries(source).filter(([key]) => !invalid.has(key)));
  return pageSettingsSchema.safeParse(valid).data ?? pageSettingsSchema.parse({});
}

/** The settings of this page, read once: /config.js runs before any module. */
export const readPageSettings = (): PageSettings => parsePageSettings(window[PAGE_SETTINGS_GLOBAL]);
