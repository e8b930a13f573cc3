import type { LngLat, Project } from '@cityops/contract';
import { outlineCentre } from './OutlineEditor';

/** Where a map of a project looks: its point, else the middle of its outline. */
export const projectCentre = (project: Project | undefined): LngLat | undefined =>
  project && project.longitude !== null && project.latitude !== null
    ? { lng: project.longitude, lat: project.latitude }
    : outlineCentre(project?.polygon ?? []);
