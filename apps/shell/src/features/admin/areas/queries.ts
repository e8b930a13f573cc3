import {
  areaEndpoints,
  siteEndpoints,
  type AssignAreaUsers,
  type CreateArea,
  type UpdateArea,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** 区域管理's calls: a project's tree, its changes (each refreshes the tree), the users given an area. */

const trees = [areaEndpoints.tree, areaEndpoints.find, siteEndpoints.page];

export const useCreateArea = () =>
  useEndpointMutation(areaEndpoints.create, (body: CreateArea) => ({ body }), trees);
export const useUpdateArea = () =>
  useEndpointMutation(areaEndpoints.update, (body: UpdateArea) => ({ body }), trees);
export const useDeleteArea = () =>
  useEndpointMutation(areaEndpoints.delete, (id: number) => ({ params: { id } }), trees);

export const useAreaUsers = (areaId: number) =>
  useEndpointQuery(areaEndpoints.users, { params: { id: areaId } });
/** Whom the area may be given: its project's members (asked with the assign code, not the project page's). */
export const useAreaCandidates = (areaId: number) =>
  useEndpointQuery(areaEndpoints.candidates, { params: { id: areaId } });
export const useAssignAreaUsers = () =>
  useEndpointMutation(areaEndpoints.assignUsers, (body: AssignAreaUsers) => ({ body }), [
    areaEndpoints.users,
  ]);
