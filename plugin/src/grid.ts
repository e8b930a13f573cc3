import type { PluginRect } from '@cityops/contract';

/**
 * The windows of a control, numbered from 1 left to right and top to bottom: ceil(sqrt(n)) columns,
 * as many rows as needed, filling the control's rectangle (the last row may be part empty).
 * Edges are rounded so neighbouring windows touch without gaps or overlap.
 */
export function gridCells(rect: PluginRect, count: number): PluginRect[] {
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  const edge = (start: number, size: number, parts: number, index: number) =>
    start + Math.floor((size * index) / parts);
  return Array.from({ length: count }, (_, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const left = edge(rect.left, rect.width, cols, col);
    const top = edge(rect.top, rect.height, rows, row);
    return {
      left,
      top,
      width: Math.max(1, edge(rect.left, rect.width, cols, col + 1) - left),
      height: Math.max(1, edge(rect.top, rect.height, rows, row + 1) - top),
    };
  });
}
