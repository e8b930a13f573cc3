import { deviceEndpoints, placementEndpoints, type LocateDevices, type MoveDevices } from '@cityops/contract';
import { useEndpointMutation } from '@cityops/crud';

/** The placement pages' changes; each refreshes every list and count that shows where devices are. */
const placed = [
  placementEndpoints.map,
  placementEndpoints.unlocated,
  placementEndpoints.areaCounts,
  placementEndpoints.areaDevices,
  deviceEndpoints.page,
  deviceEndpoints.find,
  deviceEndpoints.overview,
];

export const useLocateDevices = () =>
  useEndpointMutation(placementEndpoints.locate, (body: LocateDevices) => ({ body }), placed);
export const useClearLocations = () =>
  useEndpointMutation(placementEndpoints.clear, (ids: number[]) => ({ body: { ids } }), placed);
export const useMoveDevices = () =>
  useEndpointMutation(placementEndpoints.move, (body: MoveDevices) => ({ body }), placed);
