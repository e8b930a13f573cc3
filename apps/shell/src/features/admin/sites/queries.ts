import { siteEndpoints, type CreateSite, type SiteListRequest, type UpdateSite } from '@cityops/contract';
import { useEndpointMutation, usePageQuery } from '@cityops/crud';

/** 站点管理's calls: the list and its changes (each refreshes the list). */

const lists = [siteEndpoints.page, siteEndpoints.find];

export const useSitePage = (request: SiteListRequest) => usePageQuery(siteEndpoints.page, request);

export const useCreateSite = () =>
  useEndpointMutation(siteEndpoints.create, (body: CreateSite) => ({ body }), lists);
export const useUpdateSite = () =>
  useEndpointMutation(siteEndpoints.update, (body: UpdateSite) => ({ body }), lists);
export const useDeleteSite = () =>
  useEndpointMutation(siteEndpoints.delete, (id: number) => ({ params: { id } }), lists);
