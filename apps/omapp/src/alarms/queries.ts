import { alarmEndpoints, workOrderEndpoints, type AlarmKind, type HandleAlarms } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import { endpointsOf } from './shared';

/** An operator's choice for one or more alarms; the open and closed lists and the details read again. */
export function useHandleAlarms(kind: AlarmKind) {
  const endpoints = endpointsOf(kind);
  return useEndpointMutation(endpoints.handle, (body: HandleAlarms) => ({ body }), [
    endpoints.page,
    endpoints.history,
    alarmEndpoints.detail,
  ]);
}

export const useAlarmDetail = (alarmId: number | null) =>
  useEndpointQuery(alarmEndpoints.detail, { params: { id: alarmId ?? 0 } }, { enabled: alarmId !== null });

export const useAddComment = () =>
  useEndpointMutation(alarmEndpoints.comment, (body: { alarmId: number; comment: string }) => ({ body }), [
    alarmEndpoints.detail,
  ]);

/** Who a new order may go to in the alarm's project (转工单's optional assignee). */
export const useAssignees = (projectId: number | null) =>
  useEndpointQuery(
    workOrderEndpoints.assignees,
    { query: { projectId: projectId ?? 0 } },
    { enabled: projectId !== null },
  );
