import { videoEndpoints, type PlatformSettingsUpdate } from '@cityops/contract';
import { http } from '../../../app/http';

/** The video platforms' connection settings, secrets masked. */
export const fetchPlatformSettings = (signal?: AbortSignal) =>
  http.call(videoEndpoints.platformSettings, { signal });

/** Saves one platform's settings; a secret left out keeps its stored value. */
export const updatePlatformSettings = (body: PlatformSettingsUpdate) =>
  http.call(videoEndpoints.updatePlatformSettings, { body });
