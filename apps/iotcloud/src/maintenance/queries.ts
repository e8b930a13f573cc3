import { maintenanceEndpoints, type CreateMaintenance, type UpdateMaintenance } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** The calls of 设备维护; each change refreshes the lists. */
const lists = [maintenanceEndpoints.page];

export const useCreateRecord = () =>
  useEndpointMutation(maintenanceEndpoints.create, (body: CreateMaintenance) => ({ body }), lists);
export const useUpdateRecord = () =>
  useEndpointMutation(maintenanceEndpoints.update, (body: UpdateMaintenance) => ({ body }), lists);
export const useDeleteRecord = () =>
  useEndpointMutation(maintenanceEndpoints.delete, (id: number) => ({ params: { id } }), lists);

/** The devices the picker offers for a keyword (or the one chosen, so its name shows). */
export const useDeviceChoices = (keyword: string, deviceId?: number) =>
  useEndpointQuery(maintenanceEndpoints.devices, { query: { keyword, deviceId } });
