import {
  parameterEndpoints,
  videoEndpoints,
  type PlatformSettingsUpdate,
  type UpdateParameters,
} from '@cityops/contract';
import { http } from '../../../app/http';

/** The video platforms' connection settings, secrets masked. */
export const fetchPlatformSettings = (signal?: AbortSignal) =>
  http.call(videoEndpoints.platformSettings, { signal });

/** Saves one platform's settings; a secret left out keeps its stored value. */
export const updatePlatformSettings = (body: PlatformSettingsUpdate) =>
  http.call(videoEndpoints.updatePlatformSettings, { body });

/** The system parameters in force (the map's secrets masked). */
export const fetchParameters = (signal?: AbortSignal) => http.call(parameterEndpoints.list, { signal });

/** Saves one group of system parameters; answers every group in force. */
export const updateParameters = (body: UpdateParameters) => http.call(parameterEndpoints.update, { body });
