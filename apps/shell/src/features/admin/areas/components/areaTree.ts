import type { AreaNode } from '@cityops/contract';

/** The areas whose name holds `text`, with the directories that lead to them (all when `text` is empty). */
export function matchingAreas(tree: readonly AreaNode[], text: string): AreaNode[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...tree];
  return tree.flatMap((area) => {
    if (area.name.toLowerCase().includes(wanted)) return [area];
    const children = matchingAreas(area.children, wanted);
    return children.length > 0 ? [{ ...area, children }] : [];
  });
}

/** An area and everything under it, by id. */
export function subtreeIds(area: AreaNode): number[] {
  return [area.areaId, ...area.children.flatMap(subtreeIds)];
}
