import {
  auditorEndpoints,
  cycleEndpoints,
  postEndpoints,
  type CreateCycle,
  type CreateSegment,
  type SaveAuditors,
  type UpdateCycle,
  type UpdateSegment,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/**
 * A project's details (项目管理 → 详情): its plan (cycles and their segments), its posts and members,
 * its auditors. Each change refreshes what it changed.
 */

const plan = [cycleEndpoints.list, cycleEndpoints.find, cycleEndpoints.findSegment];

export const useCycles = (projectId: number) =>
  useEndpointQuery(cycleEndpoints.list, { query: { projectId } });

export const usePostTree = (projectId: number) =>
  useEndpointQuery(postEndpoints.tree, { query: { projectId } });

/** The project's members with their posts: the team list, and whom a segment or an audit may name. */
export const useProjectUsers = (projectId: number) =>
  useEndpointQuery(postEndpoints.users, { query: { projectId } });

export const useAuditors = (projectId: number) =>
  useEndpointQuery(auditorEndpoints.find, { params: { id: projectId } });

export const useInsertCycle = () =>
  useEndpointMutation(cycleEndpoints.insertCycle, (body: CreateCycle) => ({ body }), plan);
export const useUpdateCycle = () =>
  useEndpointMutation(cycleEndpoints.updateCycle, (body: UpdateCycle) => ({ body }), plan);
export const useDeleteCycle = () =>
  useEndpointMutation(cycleEndpoints.deleteCycle, (id: number) => ({ params: { id } }), plan);

export const useInsertSegment = () =>
  useEndpointMutation(cycleEndpoints.insertSegment, (body: CreateSegment) => ({ body }), plan);
export const useUpdateSegment = () =>
  useEndpointMutation(cycleEndpoints.updateSegment, (body: UpdateSegment) => ({ body }), plan);
export const useDeleteSegment = () =>
  useEndpointMutation(cycleEndpoints.deleteSegment, (id: number) => ({ params: { id } }), plan);

export const useSaveAuditors = () =>
  useEndpointMutation(auditorEndpoints.save, (body: SaveAuditors) => ({ body }), [auditorEndpoints.find]);
