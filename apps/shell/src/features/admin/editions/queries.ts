import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  editionEndpoints,
  type EditionListRequest,
  type PublishEdition,
  type UpdateEdition,
} from '@cityops/contract';
import type { UploadProgress } from '@cityops/client';
import { endpointKey, useCrud, useEndpointMutation, usePageQuery } from '@cityops/crud';

/** 版本服务's calls: the list, publishing (an upload with progress), editing and deleting; each change refreshes the list. */

const lists = [editionEndpoints.page];

export const useEditionPage = (request: EditionListRequest) => usePageQuery(editionEndpoints.page, request);

export const useUpdateEdition = () =>
  useEndpointMutation(editionEndpoints.update, (body: UpdateEdition) => ({ body }), lists);
export const useDeleteEdition = () =>
  useEndpointMutation(editionEndpoints.delete, (id: number) => ({ params: { id } }), lists);

export interface Publication {
  body: PublishEdition;
  file: File;
  onProgress?(progress: UploadProgress): void;
}

export function usePublishEdition() {
  const { http } = useCrud();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file, onProgress }: Publication) =>
      http.upload(editionEndpoints.publish, { body, file, ...(onProgress ? { onProgress } : {}) }),
    onSuccess: () =>
      Promise.all(lists.map((stale) => client.invalidateQueries({ queryKey: endpointKey(stale) }))),
  });
}
