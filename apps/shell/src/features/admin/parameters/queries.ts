import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VIDEO_PLATFORMS, type PlatformSettings } from '@cityops/contract';
import { fetchParameters, fetchPlatformSettings, updateParameters, updatePlatformSettings } from './api';

export const platformSettingsKeys = {
  all: ['admin', 'platformSettings'] as const,
};

export const parameterKeys = {
  all: ['admin', 'parameters'] as const,
};

/** The platforms in the contract's order (hik_isc_huati first), whatever order the server sends. */
const inContractOrder = (loaded: PlatformSettings[]) =>
  VIDEO_PLATFORMS.flatMap((code) => loaded.filter((platform) => platform.platformCode === code));

export function usePlatformSettings() {
  return useQuery({
    queryKey: platformSettingsKeys.all,
    queryFn: ({ signal }) => fetchPlatformSettings(signal),
    select: inContractOrder,
  });
}

/** Saves one platform; the list is read again so every form shows what the server stored. */
export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformSettingsKeys.all }),
  });
}

export function useParameters() {
  return useQuery({ queryKey: parameterKeys.all, queryFn: ({ signal }) => fetchParameters(signal) });
}

/** Saves one group; the answer (every group in force) replaces what the page shows. */
export function useUpdateParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParameters,
    onSuccess: (saved) => queryClient.setQueryData(parameterKeys.all, saved),
  });
}
