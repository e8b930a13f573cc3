import { LocationPicker, type LocationValue } from '@cityops/map';
import { useProjectMap } from './shared';

/** The location picker's map with the chosen project's outline and areas, looking at the project's place. */
export function ProjectLocationPicker(props: {
  projectId: number | undefined;
  value?: LocationValue;
  onChange?(value: LocationValue): void;
  onAddress?(address: string): void;
}) {
  const { projectId, ...control } = props;
  const { areas, centre } = useProjectMap(projectId);
  return <LocationPicker {...control} areas={areas} center={centre} height={260} />;
}
