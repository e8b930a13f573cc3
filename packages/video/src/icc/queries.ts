import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IccVideoSource, PresetPointsAnswer } from '../adapters.js';
import { PLATFORM_ICC } from '../constants.js';
import type { PresetPoint } from '../presets.js';

export const presetKeys = {
  all: ['video', 'icc', 'presets'] as const,
  of: (controlCode: string | null) => [...presetKeys.all, controlCode] as const,
};

/** The presets the camera has set (none asked for without a camera). */
export function usePresetPoints(source: IccVideoSource, controlCode: string | null) {
  return useQuery({
    queryKey: presetKeys.of(controlCode),
    queryFn: (): Promise<PresetPointsAnswer> =>
      controlCode === null
        ? Promise.resolve([])
        : source.getPresetPoints({ controlCode, platformCode: PLATFORM_ICC }),
    enabled: controlCode !== null,
  });
}

export type PresetChange = 'ADD_POINT' | 'DEL_POINT';

/**
 * Sets or deletes a preset; §7: the presets are read again afterwards, whether the platform agreed or
 * not, so the list shows what the camera really holds.
 */
export function useChangePreset(send: (action: PresetChange, point: PresetPoint) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, point }: { action: PresetChange; point: PresetPoint }) => send(action, point),
    onSettled: () => queryClient.invalidateQueries({ queryKey: presetKeys.all }),
  });
}
