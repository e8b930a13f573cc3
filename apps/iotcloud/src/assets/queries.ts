import {
  commandEndpoints,
  deviceAlarmEndpoints,
  deviceEndpoints,
  productEndpoints,
  telemetryEndpoints,
  type AlarmState,
  type CreateDevice,
  type UpdateDevice,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery, usePageQuery } from '@cityops/crud';

/** The registry's calls (设备列表, 设备管理, 设备概览); each change refreshes what shows devices. */

const devices = [
  deviceEndpoints.page,
  deviceEndpoints.find,
  deviceEndpoints.overview,
  productEndpoints.page,
  productEndpoints.all,
];

export const useCreateDevice = () =>
  useEndpointMutation(deviceEndpoints.create, (body: CreateDevice) => ({ body }), devices);
export const useUpdateDevice = () =>
  useEndpointMutation(deviceEndpoints.update, (body: UpdateDevice) => ({ body }), devices);
export const useDeleteDevice = () =>
  useEndpointMutation(deviceEndpoints.delete, (id: number) => ({ params: { id } }), devices);
export const useBatchDeleteDevices = () =>
  useEndpointMutation(deviceEndpoints.batchDelete, (ids: number[]) => ({ body: { ids } }), devices);

/** A device's MQTT credentials, read when the dialog opens (never cached for long). */
export const useCredentials = (deviceId: number) =>
  useEndpointQuery(deviceEndpoints.credentials, { params: { id: deviceId } }, { staleTime: 0 });
export const useResetSecret = () =>
  useEndpointMutation(deviceEndpoints.resetSecret, (id: number) => ({ params: { id }, body: {} }), [
    deviceEndpoints.credentials,
  ]);

export const useDevice = (deviceId: number | undefined) =>
  useEndpointQuery(
    deviceEndpoints.find,
    { params: { id: deviceId ?? 0 } },
    { enabled: deviceId !== undefined },
  );

/** The device's latest values: the live list filtered to its key (the one device). */
export const useLatestValues = (deviceKey: string | undefined) =>
  usePageQuery(
    telemetryEndpoints.live,
    { pageNum: 1, pageSize: 15, keyword: deviceKey },
    deviceKey !== undefined,
  );

export const useDeviceCommands = (deviceId: number | undefined, pageNum: number) =>
  usePageQuery(
    commandEndpoints.page,
    { deviceId, pageNum, pageSize: 15, sortField: 'sentAt', sortOrder: 'desc' },
    deviceId !== undefined,
  );

export const useDeviceFaults = (deviceId: number | undefined) =>
  useEndpointQuery(telemetryEndpoints.faults, { query: { deviceId } }, { enabled: deviceId !== undefined });

/** The alarm states that count as open (the server's one-open-alarm-per-source index). */
export const OPEN_ALARM_STATES: readonly AlarmState[] = ['waiting', 'confirmed', 'work_order'];

/**
 * The device's open alarms: its latest 100 alarms, the open ones kept (one per source at most, so a
 * device has few; the list filters by one state only).
 */
export function useOpenAlarms(deviceId: number | undefined) {
  const query = usePageQuery(
    deviceAlarmEndpoints.page,
    { deviceId, pageNum: 1, pageSize: 100, sortField: 'lastAt', sortOrder: 'desc' },
    deviceId !== undefined,
  );
  const open = (query.data?.list ?? []).filter((alarm) => OPEN_ALARM_STATES.includes(alarm.state));
  return { query, open };
}

export const useOverview = (projectId: number | undefined) =>
  useEndpointQuery(deviceEndpoints.overview, { query: { projectId } });
