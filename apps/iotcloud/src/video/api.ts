import { videoEndpoints, type VideoPlatform } from '@cityops/contract';
import type { SubAppRuntime } from '@cityops/subapp';

/** The user's cameras of one platform, as the tree of areas they sit in. */
export const fetchCameraTree = (
  http: SubAppRuntime['http'],
  platformCode: VideoPlatform,
  signal?: AbortSignal,
) => http.call(videoEndpoints.cameraTree, { query: { platformCode }, signal });
