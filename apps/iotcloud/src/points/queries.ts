import {
  deviceEndpoints,
  pointEndpoints,
  type CreatePoint,
  type MountDevices,
  type UpdatePoint,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** The point pages' calls; each change refreshes what shows points and the devices on them. */

const stale = [
  pointEndpoints.page,
  pointEndpoints.find,
  pointEndpoints.options,
  pointEndpoints.devices,
  pointEndpoints.mountable,
  deviceEndpoints.page,
  deviceEndpoints.find,
];

export const useCreatePoint = () =>
  useEndpointMutation(pointEndpoints.create, (body: CreatePoint) => ({ body }), stale);
export const useUpdatePoint = () =>
  useEndpointMutation(pointEndpoints.update, (body: UpdatePoint) => ({ body }), stale);
export const useDeletePoint = () =>
  useEndpointMutation(pointEndpoints.delete, (id: number) => ({ params: { id } }), stale);
export const useBatchDeletePoints = () =>
  useEndpointMutation(pointEndpoints.batchDelete, (ids: number[]) => ({ body: { ids } }), stale);
export const useMountDevices = () =>
  useEndpointMutation(pointEndpoints.mount, (body: MountDevices) => ({ body }), stale);
export const useUnmountDevices = () =>
  useEndpointMutation(pointEndpoints.unmount, (deviceIds: number[]) => ({ body: { deviceIds } }), stale);

export const usePointDevices = (pointId: number) =>
  useEndpointQuery(pointEndpoints.devices, { params: { id: pointId } });

export const useMountable = (pointId: number, keyword: string, enabled: boolean) =>
  useEndpointQuery(
    pointEndpoints.mountable,
    { params: { id: pointId }, query: { keyword: keyword || undefined } },
    { enabled },
  );

/** The points of a project (the device form's and list's choices); nothing until a project is chosen. */
export const usePointOptions = (projectId: number | null | undefined) =>
  useEndpointQuery(
    pointEndpoints.options,
    { query: { projectId: projectId ?? 0 } },
    { enabled: Boolean(projectId), staleTime: 10_000 },
  );
