import { locationProblem, outlineProblem, locationText, mapTexts, type LocationValue } from '@cityops/map';
import type { Rule } from 'antd/es/form';
import type { ProjectRow } from '@cityops/contract';
import { i18n } from '@cityops/ui';

/** A project's location as the picker edits it: the coordinates' texts and the outline. */
export const projectLocation = (
  project: Pick<ProjectRow, 'longitude' | 'latitude' | 'polygon'> | null,
): LocationValue => ({
  ...locationText(project?.longitude ?? null, project?.latitude ?? null),
  polygon: [...(project?.polygon ?? [])],
});

/** The picker's value as the contract takes it. */
export const locationBody = (value: LocationValue | undefined) => ({
  longitude: value?.longitude.trim() || null,
  latitude: value?.latitude.trim() || null,
  polygon: value?.polygon ?? [],
});

/** §5's coordinate rules and a closed outline, in the words the server would use. */
export const locationRule: Rule = {
  validator: async (_, value: LocationValue | undefined) => {
    const problem = locationProblem(value);
    if (problem) throw new Error(i18n.t(`contract:${problem}`));
    const outline = outlineProblem(value?.polygon);
    if (outline) throw new Error(mapTexts.t(outline));
  },
};
