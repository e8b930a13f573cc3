import {
  inLocale,
  WORK_ORDER_ACTIONS,
  workOrderEndpoints,
  type CreateWorkOrder,
  type WorkOrderAction,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

export { useLocale } from '@cityops/ui';

/** A step's name (派发, 接单, ...) in the language in use. */
export const actionName = (action: WorkOrderAction, locale: string) =>
  inLocale(WORK_ORDER_ACTIONS[action].names, locale);

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
