import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { licenceManageEndpoints } from '@cityops/contract';
import { endpointKey } from '@cityops/crud';
import { fetchLicenceStatus, loginByNopassToken, registerLicence } from './api';
import { probePlugin } from './pluginProbe';

export const systemKeys = {
  licenceStatus: ['licence', 'status'] as const,
  pluginProbe: ['plugin', 'probe'] as const,
};

/** The installed licence (public: the page opens without a session). */
export function useLicenceStatus() {
  return useQuery({
    queryKey: systemKeys.licenceStatus,
    queryFn: ({ signal }) => fetchLicenceStatus(signal),
  });
}

/**
 * Registers a signed licence; the server answers with the new status, which replaces the old one.
 * The administration's list of licences and renewal request change with it.
 */
export function useRegisterLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerLicence,
    onSuccess: async (status) => {
      queryClient.setQueryData(systemKeys.licenceStatus, status);
      await Promise.all(
        [
          licenceManageEndpoints.list,
          licenceManageEndpoints.renewalRequest,
          licenceManageEndpoints.deviceUsage,
        ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
      );
    },
  });
}

/** Which local plug-in ports accept a socket; probed afresh each time the page opens. */
export function usePluginProbe() {
  return useQuery({ queryKey: systemKeys.pluginProbe, queryFn: probePlugin, gcTime: 0 });
}

/** Redeems a one-time ticket for a session (the page signs in with the answer). */
export function useNopassLogin() {
  return useMutation({ mutationFn: loginByNopassToken });
}
