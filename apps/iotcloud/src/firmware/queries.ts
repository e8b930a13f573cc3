import { useEffect, useRef } from 'react';
import {
  deviceEndpoints,
  firmwareEndpoints,
  upgradeJobEndpoints,
  type CreateUpgradeJob,
  type UpgradeTargetListRequest,
} from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, useCrud, useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** The upgrade page's calls; each change refreshes the lists it touches. */

const jobs = [upgradeJobEndpoints.page, upgradeJobEndpoints.find, upgradeJobEndpoints.targets];
const firmware = [firmwareEndpoints.page];

export const useDeleteFirmware = () =>
  useEndpointMutation(firmwareEndpoints.delete, (id: number) => ({ params: { id }, body: {} }), firmware);
export const useCreateJob = () =>
  useEndpointMutation(upgradeJobEndpoints.create, (body: CreateUpgradeJob) => ({ body }), [
    ...jobs,
    ...firmware,
    deviceEndpoints.page,
  ]);
export const useCancelJob = () =>
  useEndpointMutation(upgradeJobEndpoints.cancel, (id: number) => ({ params: { id }, body: {} }), jobs);
export const useRetryJob = () =>
  useEndpointMutation(upgradeJobEndpoints.retry, (id: number) => ({ params: { id }, body: {} }), jobs);

/** A job, read again every 2 s while it runs (its devices' progress). */
export function useJob(jobId: number) {
  const { http } = useCrud();
  const input = { params: { id: jobId } };
  return useQuery({
    queryKey: endpointKey(upgradeJobEndpoints.find, input),
    queryFn: ({ signal }) => http.call(upgradeJobEndpoints.find, { ...input, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? REFRESH_MS : false),
  });
}

/** How often a running job's progress is read again. */
export const REFRESH_MS = 2_000;

/** The firmware of a product, newest first (the create dialog's choice). */
export const useProductFirmware = (productId: number | undefined) =>
  useEndpointQuery(
    firmwareEndpoints.page,
    { body: { pageNum: 1, pageSize: 100, productId } },
    { enabled: productId !== undefined },
  );

/**
 * A job's devices, read again every 2 s while `running`, and once more when it stops running (the
 * job may finish between two reads: its devices' last states come after).
 */
export function useTargets(body: UpgradeTargetListRequest, running: boolean) {
  const { http } = useCrud();
  const input = { body };
  const query = useQuery({
    queryKey: endpointKey(upgradeJobEndpoints.targets, input),
    queryFn: ({ signal }) => http.call(upgradeJobEndpoints.targets, { ...input, signal }),
    refetchInterval: running ? REFRESH_MS : false,
  });
  const wasRunning = useRef(running);
  const { refetch } = query;
  useEffect(() => {
    if (wasRunning.current && !running) void refetch();
    wasRunning.current = running;
  }, [running, refetch]);
  return query;
}
