import {
  commandEndpoints,
  deviceAlarmEndpoints,
  deviceEndpoints,
  isOpenAlarmState,
  productEndpoints,
  telemetryEndpoints,
  type CreateDevice,
  type UpdateDevice,
} from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, useCrud, useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery } from '@cityops/contract';

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

/**
 * A read of a panel beside the page's own data (设备管理's values, commands, faults, alarms): quiet,
 * so a panel the user holds no page for shows its own error instead of a message box.
 */
function useQuietQuery<E extends Endpoint>(
  endpoint: E,
  input: { params?: EndpointParams<E>; query?: EndpointQuery<E>; body?: EndpointBody<E> },
  enabled: boolean,
) {
  const { http } = useCrud();
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => http.call(endpoint, { ...input, quiet: true, signal }),
    enabled,
  });
}

/** A product with its functions (names and units of the values), quietly. */
export const useQuietModel = (productId: number | undefined) =>
  useQuietQuery(productEndpoints.model, { params: { id: productId ?? 0 } }, productId !== undefined);

/** The device's latest values: the live list searched by its key, the device itself kept. */
export function useLatestValues(device: { deviceId: number; deviceKey: string } | undefined) {
  const query = useQuietQuery(
    telemetryEndpoints.live,
    { body: { pageNum: 1, pageSize: 15, keyword: device?.deviceKey } },
    device !== undefined,
  );
  return { query, live: query.data?.list.find((row) => row.deviceId === device?.deviceId) };
}

export const useDeviceCommands = (
  deviceId: number | undefined,
  { pageNum, pageSize }: { pageNum: number; pageSize: number },
) =>
  useQuietQuery(
    commandEndpoints.page,
    { body: { deviceId, pageNum, pageSize, sortField: 'sentAt', sortOrder: 'desc' } },
    deviceId !== undefined,
  );

export const useDeviceFaults = (deviceId: number | undefined) =>
  useQuietQuery(telemetryEndpoints.faults, { query: { deviceId } }, deviceId !== undefined);

/**
 * The device's open alarms: its latest 100 alarms, the open ones kept (one per source at most, so a
 * device has few; the list filters by one state only).
 */
export function useOpenAlarms(deviceId: number | undefined) {
  const query = useQuietQuery(
    deviceAlarmEndpoints.page,
    { body: { deviceId, pageNum: 1, pageSize: 100, sortField: 'lastAt', sortOrder: 'desc' } },
    deviceId !== undefined,
  );
  const open = (query.data?.list ?? []).filter((alarm) => isOpenAlarmState(alarm.state));
  return { query, open };
}

export const useOverview = (projectId: number | undefined) =>
  useEndpointQuery(deviceEndpoints.overview, { query: { projectId } });
