import { organizationEndpoints, type CreateOrg, type UpdateOrg } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

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
