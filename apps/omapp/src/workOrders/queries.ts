import { useTranslation } from 'react-i18next';
import {
  WORK_ORDER_ACTIONS,
  workOrderEndpoints,
  type CreateWorkOrder,
  type WorkOrderAction,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** The language in use, as the contract's name tables are indexed. */
export function useLocale(): 'zh-CN' | 'en-US' {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** A code's name in the language in use, from a contract table of [zh, en] names. */
export const nameIn = (names: Record<string, readonly [string, string]>, code: string, locale: string) =>
  names[code]?.[locale === 'en-US' ? 1 : 0] ?? code;

/** A step's name (派发, 接单, ...) in the language in use. */
export const actionName = (action: WorkOrderAction, locale: string) =>
  WORK_ORDER_ACTIONS[action].names[locale === 'en-US' ? 1 : 0];

/** Every change refreshes the list, the tabs' counts and the open detail. */
export const workOrderLists = [workOrderEndpoints.page, workOrderEndpoints.counts, workOrderEndpoints.detail];

export const useCreateOrder = () =>
  useEndpointMutation(workOrderEndpoints.create, (body: CreateWorkOrder) => ({ body }), workOrderLists);

export const useOrderDetail = (orderId: number) =>
  useEndpointQuery(workOrderEndpoints.detail, { params: { id: orderId } });

/** The people of a project an order may be dispatched to (only asked for by dispatchers). */
export const useAssignees = (projectId: number | undefined, enabled = true) =>
  useEndpointQuery(
    workOrderEndpoints.assignees,
    { query: { projectId: projectId ?? 0 } },
    { enabled: enabled && Boolean(projectId), staleTime: 30_000 },
  );
