import type { ColumnSetting } from '@cityops/contract';

/** A column the page declares: its key, and whether it shows before the user chooses. */
export interface ColumnDeclaration {
  key: string;
  /** Hidden until the user shows it in the column settings. */
  defaultHidden?: boolean;
  /** Always shown and never moved (e.g. the actions column). */
  fixed?: boolean;
  width?: number;
}

/** The page's own columns as settings: declared order, declared visibility and width. */
export const defaultSettings = (columns: readonly ColumnDeclaration[]): ColumnSetting[] =>
  columns
    .filter((column) => !column.fixed)
    .map((column) => ({
      key: column.key,
      visible: !column.defaultHidden,
      ...(column.width ? { width: column.width } : {}),
    }));

/**
 * The user's saved settings laid over the page's columns: saved order and choices for the columns
 * that still exist, then any column added since in its declared place, fixed columns last.
 */
export function mergeSettings(
  columns: readonly ColumnDeclaration[],
  saved: readonly ColumnSetting[] | null | undefined,
): ColumnSetting[] {
  const defaults = defaultSettings(columns);
  if (!saved) return defaults;
  const known = new Set(defaults.map((setting) => setting.key));
  const kept = saved.filter((setting) => known.has(setting.key));
  const keptKeys = new Set(kept.map((setting) => setting.key));
  const result = [...kept];
  defaults.forEach((setting, index) => {
    if (keptKeys.has(setting.key)) return;
    result.splice(Math.min(index, result.length), 0, setting);
  });
  return result;
}

/** The columns to render, in the settings' order, with their widths; fixed columns at the end. */
export function applySettings<C extends ColumnDeclaration>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): C[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const shown = settings.flatMap((setting) => {
    const column = byKey.get(setting.key);
    if (!column || !setting.visible) return [];
    return [setting.width ? { ...column, width: setting.width } : column];
  });
  return [...shown, ...columns.filter((column) => column.fixed)];
}

/** Moves one setting up or down by one place. */
export function moveSetting(settings: readonly ColumnSetting[], key: string, by: -1 | 1): ColumnSetting[] {
  const at = settings.findIndex((setting) => setting.key === key);
  const to = at + by;
  if (at < 0 || to < 0 || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(at, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}
