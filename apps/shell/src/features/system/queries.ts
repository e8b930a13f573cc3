import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { licenceManageEndpoints } from '@cityops/contract';
import { endpointKey } from '@cityops/crud';
import { fetchLicenceStatus, loginByNopassToken, registerLicence } from './api';
import { readPluginState, restartPlugin, startPlugin, type PluginAccess } from './pluginProbe';

export const systemKeys = {
  licenceStatus: ['licence', 'status'] as const,
  pluginState: ['plugin', 'state'] as const,
};

/** Whether a licence is in force (public: the page opens without a session); no more than that. */
export function useLicenceStatus() {
  return useQuery({
    queryKey: systemKeys.licenceStatus,
    queryFn: ({ signal }) => fetchLicenceStatus(signal),
  });
}

/**
 * Registers a signed licence; the server answers with the new status, which replaces the old one.
 * The administration's licence in force, list of licences and renewal request change with it.
 */
export function useRegisterLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerLicence,
    onSuccess: async (status) => {
      queryClient.setQueryData(systemKeys.licenceStatus, { state: status.state });
      await Promise.all(
        [
          licenceManageEndpoints.detail,
          licenceManageEndpoints.list,
          licenceManageEndpoints.renewalRequest,
          licenceManageEndpoints.deviceUsage,
        ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
      );
    },
  });
}

/** The plug-in's state (null: none answers as ours); looked for afresh each time the page opens. */
export function usePluginState(access: PluginAccess) {
  return useQuery({
    queryKey: systemKeys.pluginState,
    queryFn: () => readPluginState(access),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Restarts the plug-in on its port, or starts it by URL scheme; the answer is its new state. */
export function usePluginAction(access: PluginAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { restart: number } | 'start') =>
      action === 'start' ? startPlugin(access) : restartPlugin(action.restart, access),
    onSettled: (state) => {
      if (state !== undefined) queryClient.setQueryData(systemKeys.pluginState, state);
    },
  });
}

/** Redeems a one-time ticket for a session (the page signs in with the answer). */
export function useNopassLogin() {
  return useMutation({ mutationFn: loginByNopassToken });
}
