import { useMemo } from 'react';
import type { LngLat, Project } from '@cityops/contract';
import { outlineCentre } from '@cityops/map';
import { useMyProjects } from '../projects/queries';
import { flattenAreas, mapAreasOf } from './components/areaTree';
import { useAreaTree } from './queries';

/** Where a map of a project looks: its point, else the middle of its outline. */
export const projectCentre = (project: Project | undefined): LngLat | undefined =>
  project && project.longitude !== null && project.latitude !== null
    ? { lng: project.longitude, lat: project.latitude }
    : outlineCentre(project?.polygon ?? []);

/**
 * One of the user's projects with its areas: the tree, the areas in tree order, the outlines a map
 * draws (the project's and every area's) and where the map looks.
 */
export function useProjectAreas(projectId: number | null) {
  const projects = useMyProjects();
  const tree = useAreaTree(projectId);
  const project = projects.data?.find((item) => item.projectId === projectId);
  const areas = useMemo(() => flattenAreas(tree.data ?? []), [tree.data]);
  const mapAreas = useMemo(() => mapAreasOf(project, areas), [project, areas]);
  return { project, tree, areas, mapAreas, centre: projectCentre(project) };
}
