import {
  onlineSessionEndpoints,
  organizationEndpoints,
  roleEndpoints,
  userEndpoints,
  type CreateUser,
  type OnlineListRequest,
  type UpdateUser,
  type UserListRequest,
  type UserState,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery, usePageQuery } from '@cityops/crud';

/** 用户管理's calls: the list, its changes (each refreshes the list), the form's options, online sessions. */

const lists = [userEndpoints.page, userEndpoints.info, onlineSessionEndpoints.page];

export const useUserPage = (request: UserListRequest) => usePageQuery(userEndpoints.page, request);

export const useCreateUser = () =>
  useEndpointMutation(userEndpoints.create, (body: CreateUser) => ({ body }), lists);
export const useUpdateUser = () =>
  useEndpointMutation(userEndpoints.update, (body: UpdateUser) => ({ body }), lists);
export const useAlterState = () =>
  useEndpointMutation(
    userEndpoints.alterState,
    (body: { userId: number; status: UserState }) => ({ body }),
    lists,
  );
export const useResetPassword = () =>
  useEndpointMutation(
    userEndpoints.resetPassword,
    (body: { userId: number; password: string }) => ({ body }),
    lists,
  );
export const useDeleteUser = () =>
  useEndpointMutation(userEndpoints.delete, (userId: number) => ({ query: { userId } }), lists);
export const useDeleteUsers = () =>
  useEndpointMutation(userEndpoints.deleteMany, (userIds: number[]) => ({ body: { userIds } }), lists);

/** What the form chooses from: roles and the organization tree (projects: `useMyProjects`). */
export const useRoleOptions = () =>
  useEndpointQuery(roleEndpoints.options, { query: {} }, { staleTime: 30_000 });
export const useOrgOptions = () =>
  useEndpointQuery(organizationEndpoints.options, { query: {} }, { staleTime: 30_000 });

export const useOnlinePage = (request: OnlineListRequest) =>
  usePageQuery(onlineSessionEndpoints.page, request);
export const useKickSession = () =>
  useEndpointMutation(onlineSessionEndpoints.kick, (sessionId: number) => ({ body: { sessionId } }), [
    onlineSessionEndpoints.page,
  ]);
