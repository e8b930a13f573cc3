import type { MenuNode } from '@cityops/client';
import { MENU_OVERLAY_ROWS_PER_COLUMN, MENU_OVERLAY_UNGROUPED_MAX } from '@cityops/contract';

export type OverlayRow = { kind: 'system'; node: MenuNode } | { kind: 'page'; node: MenuNode; depth: number };

function rowsOf(system: MenuNode): OverlayRow[] {
  const rows: OverlayRow[] = [{ kind: 'system', node: system }];
  const visit = (node: MenuNode, depth: number) => {
    rows.push({ kind: 'page', node, depth });
    for (const child of node.children) visit(child, depth + 1);
  };
  for (const child of system.children) visit(child, 0);
  return rows;
}

/**
 * Columns of the overlay: with 9 or fewer top items, one column per system, ungrouped; with more,
 * every system's rows flow into column groups of at most 17 rows.
 */
export function overlayColumns(topNav: readonly MenuNode[]): OverlayRow[][] {
  const perSystem = topNav.map(rowsOf);
  if (topNav.length <= MENU_OVERLAY_UNGROUPED_MAX) return perSystem;
  const rows = perSystem.flat();
  const columns: OverlayRow[][] = [];
  for (let at = 0; at < rows.length; at += MENU_OVERLAY_ROWS_PER_COLUMN)
    columns.push(rows.slice(at, at + MENU_OVERLAY_ROWS_PER_COLUMN));
  return columns;
}
