import {
  resourceEndpoints,
  roleEndpoints,
  type CreateResource,
  type UpdateResource,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** 权限管理's calls: the tree, its changes (each refreshes the tree and the roles' trees), the URL list. */

const trees = [resourceEndpoints.listAll, resourceEndpoints.queryPublicRes, roleEndpoints.permissionTree];

export const useResourceTree = (filter: { name?: string; code?: string }) =>
  useEndpointQuery(resourceEndpoints.listAll, { body: filter });

export const usePageUrls = () => useEndpointQuery(resourceEndpoints.getUrlList, {}, { staleTime: Infinity });

export const useCreateResource = () =>
  useEndpointMutation(resourceEndpoints.insert, (body: CreateResource) => ({ body }), trees);

export const useUpdateResource = () =>
  useEndpointMutation(resourceEndpoints.update, (body: UpdateResource) => ({ body }), trees);

export const useDeleteResource = () =>
  useEndpointMutation(resourceEndpoints.delete, (id: number) => ({ params: { id } }), trees);

export const useUpdatePublic = () =>
  useEndpointMutation(
    resourceEndpoints.updatePublicRes,
    (resourceIds: number[]) => ({ body: { resourceIds } }),
    trees,
  );
