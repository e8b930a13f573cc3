import type { AreaNode, AreaRow, MapArea, Project } from '@cityops/contract';

/** Every area of a tree, parents before their children. */
export function flattenAreas(tree: readonly AreaNode[]): AreaNode[] {
  return tree.flatMap((area) => [area, ...flattenAreas(area.children)]);
}

/** Map ids: areas and projects are numbered apart, so each kind gets its own prefix. */
export const areaMapId = (areaId: number) => `area-${areaId}`;
const projectMapId = (projectId: number) => `project-${projectId}`;

/** What a map draws for a project's areas: the project's outline first, then every area's. */
export function mapAreasOf(project: Project | undefined, areas: readonly AreaRow[]): MapArea[] {
  return [
    ...(project
      ? [
          {
            id: projectMapId(project.projectId),
            type: 'project' as const,
            name: project.projectName,
            polygon: project.polygon,
          },
        ]
      : []),
    ...areas.map((area) => ({
      id: areaMapId(area.areaId),
      type: area.type,
      name: area.name,
      polygon: area.polygon,
    })),
  ];
}

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

export interface AreaChoice {
  value: number;
  title: string;
  disabled?: boolean;
  children: AreaChoice[];
}

/**
 * The tree as a TreeSelect offers it: `selectable` says which areas may be chosen (the others stay
 * to show the way), and an area left out by `keep` goes with everything under it.
 */
export function areaChoices(
  tree: readonly AreaNode[],
  selectable: (area: AreaNode) => boolean,
  keep: (area: AreaNode) => boolean = () => true,
): AreaChoice[] {
  return tree.filter(keep).map((area) => ({
    value: area.areaId,
    title: area.name,
    disabled: !selectable(area),
    children: areaChoices(area.children, selectable, keep),
  }));
}
