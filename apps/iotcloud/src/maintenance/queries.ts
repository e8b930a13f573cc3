import { maintenanceEndpoints, type CreateMaintenance, type UpdateMaintenance } from '@cityops/contract';
import { useEndpointMutation } from '@cityops/crud';

/** The calls of 设备维护; each change refreshes the lists. */
const lists = [maintenanceEndpoints.page];

export const useCreateRecord = () =>
  useEndpointMutation(maintenanceEndpoints.create, (body: CreateMaintenance) => ({ body }), lists);
export const useUpdateRecord = () =>
  useEndpointMutation(maintenanceEndpoints.update, (body: UpdateMaintenance) => ({ body }), lists);
export const useDeleteRecord = () =>
  useEndpointMutation(maintenanceEndpoints.delete, (id: number) => ({ params: { id } }), lists);
