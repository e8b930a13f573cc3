import { organizationEndpoints, type CreateOrg, type UpdateOrg } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import { useSession } from '../../auth/session';

/** 组织架构's server state: the tree (filtered by name) and the changes, each refreshing the tree and the options. */

export const useOrgTree = (name: string) =>
  useEndpointQuery(organizationEndpoints.list, { query: name ? { name } : {} });

const refreshed = [organizationEndpoints.list, organizationEndpoints.options] as const;

export const useCreateOrg = () =>
  useEndpointMutation(organizationEndpoints.create, (body: CreateOrg) => ({ body }), refreshed);
export const useUpdateOrg = () =>
  useEndpointMutation(organizationEndpoints.update, (body: UpdateOrg) => ({ body }), refreshed);
export const useDeleteOrg = () =>
  useEndpointMutation(organizationEndpoints.delete, (orgId: number) => ({ body: { orgId } }), refreshed);

/** Whether the user holds a button's permission code (the server checks it too). */
export const useCan = (code: string) => useSession((state) => state.user?.elements.includes(code) ?? false);
