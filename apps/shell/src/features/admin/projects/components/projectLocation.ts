import { coordinatesOf, locationText, type LocationValue } from '@cityops/map';
import type { ProjectRow } from '@cityops/contract';

/** A project's location as the picker edits it: the coordinates' texts and the outline. */
export const projectLocation = (
  project: Pick<ProjectRow, 'longitude' | 'latitude' | 'polygon'> | null,
): LocationValue => ({
  ...locationText(project?.longitude ?? null, project?.latitude ?? null),
  polygon: [...(project?.polygon ?? [])],
});

/** The picker's value as the contract takes it. */
export const locationBody = (value: LocationValue | undefined) => ({
  ...coordinatesOf(value),
  polygon: value?.polygon ?? [],
});
