import { useQuery } from '@tanstack/react-query';
import type { VideoPlatform } from '@cityops/contract';
import { useRuntime } from '@cityops/subapp';
import { fetchCameraTree } from './api';

export const cameraTreeKeys = {
  all: ['video', 'cameraTree'] as const,
  of: (platform: VideoPlatform) => [...cameraTreeKeys.all, platform] as const,
};

/** The camera tree of one platform; the live and playback pages of a platform share one answer. */
export function useCameraTree(platform: VideoPlatform) {
  const { http } = useRuntime();
  return useQuery({
    queryKey: cameraTreeKeys.of(platform),
    queryFn: ({ signal }) => fetchCameraTree(http, platform, signal),
  });
}
