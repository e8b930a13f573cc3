import { useQueryClient } from '@tanstack/react-query';
import {
  dictionaryEndpoints,
  type CreateDicItem,
  type CreateDicType,
  type DicItemListRequest,
  type UpdateDicItem,
  type UpdateDicType,
} from '@cityops/contract';
import { DICTIONARIES_QUERY_KEY, useEndpointMutation, usePageQuery } from '@cityops/crud';

/** 数据字典's server state. Every change refreshes both lists and the browser's dictionaries (dictList). */

export const useTypePage = (
  request: Parameters<typeof usePageQuery<typeof dictionaryEndpoints.typePage>>[1],
) => usePageQuery(dictionaryEndpoints.typePage, request);

export const useItemPage = (request: DicItemListRequest | null) =>
  usePageQuery(dictionaryEndpoints.itemPage, request ?? { dicCode: '' }, request !== null);

const refreshed = [dictionaryEndpoints.typePage, dictionaryEndpoints.itemPage] as const;

/** The labels and selects everywhere read the new dictionaries after a change. */
export function useRefreshDictionaries() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DICTIONARIES_QUERY_KEY });
}

export const useCreateType = () =>
  useEndpointMutation(dictionaryEndpoints.typeCreate, (body: CreateDicType) => ({ body }), refreshed);
export const useUpdateType = () =>
  useEndpointMutation(dictionaryEndpoints.typeUpdate, (body: UpdateDicType) => ({ body }), refreshed);
export const useDeleteType = () =>
  useEndpointMutation(dictionaryEndpoints.typeDelete, (code: string) => ({ body: { code } }), refreshed);
export const useCreateItem = () =>
  useEndpointMutation(dictionaryEndpoints.itemCreate, (body: CreateDicItem) => ({ body }), refreshed);
export const useUpdateItem = () =>
  useEndpointMutation(dictionaryEndpoints.itemUpdate, (body: UpdateDicItem) => ({ body }), refreshed);
export const useDeleteItem = () =>
  useEndpointMutation(dictionaryEndpoints.itemDelete, (itemId: number) => ({ body: { itemId } }), refreshed);
export const useDeleteItems = () =>
  useEndpointMutation(
    dictionaryEndpoints.itemDeleteMany,
    (itemIds: number[]) => ({ body: { itemIds } }),
    refreshed,
  );
