import {
  resourceEndpoints,
  roleEndpoints,
  type AssignPermission,
  type CreateRole,
  type RoleListRequest,
  type UpdateRole,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery, usePageQuery } from '@cityops/crud';

/** 角色管理's calls: the list, its changes (each refreshes the list and the role select), the permission tree. */

const lists = [roleEndpoints.page, roleEndpoints.options];

export const useRolePage = (request: RoleListRequest) => usePageQuery(roleEndpoints.page, request);

export const useCreateRole = () =>
  useEndpointMutation(roleEndpoints.create, (body: CreateRole) => ({ body }), lists);

export const useUpdateRole = () =>
  useEndpointMutation(roleEndpoints.update, (body: UpdateRole) => ({ body }), lists);

export const useDeleteRole = () =>
  useEndpointMutation(roleEndpoints.delete, (roleId: number) => ({ body: { roleId } }), lists);

export const usePermissionTree = (roleId: number | null) =>
  useEndpointQuery(
    roleEndpoints.permissionTree,
    { query: { roleId: roleId ?? 0 } },
    { enabled: roleId !== null, staleTime: 0 },
  );

export const useAssignPermission = () =>
  useEndpointMutation(roleEndpoints.assignPermission, (body: AssignPermission) => ({ body }), [
    roleEndpoints.permissionTree,
    roleEndpoints.page,
    resourceEndpoints.listAll,
  ]);
