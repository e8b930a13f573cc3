import {
  projectEndpoints,
  projectManageEndpoints,
  type CreateProject,
  type ProjectListRequest,
  type ProjectLocation,
  type UpdateProject,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery, usePageQuery } from '@cityops/crud';

/** 项目管理's calls: the list, one project, its changes (each refreshes the list and the user's projects). */

const lists = [projectManageEndpoints.page, projectManageEndpoints.find, projectEndpoints.listByUser];

export const useProjectPage = (request: ProjectListRequest) =>
  usePageQuery(projectManageEndpoints.page, request);

export const useProject = (projectId: number | null) =>
  useEndpointQuery(
    projectManageEndpoints.find,
    { params: { id: projectId ?? 0 } },
    { enabled: projectId !== null },
  );

export const useCreateProject = () =>
  useEndpointMutation(projectManageEndpoints.create, (body: CreateProject) => ({ body }), lists);
export const useUpdateProject = () =>
  useEndpointMutation(projectManageEndpoints.update, (body: UpdateProject) => ({ body }), lists);
export const useSaveLocation = () =>
  useEndpointMutation(projectManageEndpoints.updateLocation, (body: ProjectLocation) => ({ body }), lists);
export const useDeleteProject = () =>
  useEndpointMutation(projectManageEndpoints.delete, (id: number) => ({ params: { id } }), lists);
