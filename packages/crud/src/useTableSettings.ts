import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { tableSettingsEndpoints, type ColumnSetting } from '@cityops/contract';
import { showMessage } from '@cityops/ui';
import { mergeSettings, type ColumnDeclaration } from './columnSettings.js';
import { useCrud } from './context.js';
import { endpointKey } from './queries.js';
import { crudTexts } from './texts.js';

/** The user's column settings of one list, from the server, with save and reset. */
export function useTableSettings(tableKey: string, columns: readonly ColumnDeclaration[]) {
  const { http } = useCrud();
  const client = useQueryClient();
  const key = endpointKey(tableSettingsEndpoints.get, { tableKey });
  const saved = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http.call(tableSettingsEndpoints.get, { query: { tableKey }, signal, quiet: true }),
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (settings: ColumnSetting[]) =>
      http.call(tableSettingsEndpoints.save, { body: { tableKey, columns: settings } }),
    onSuccess: (answer) => {
      client.setQueryData(key, answer);
      showMessage('SUCCESS', crudTexts.t('columnsSaved'));
    },
  });
  const reset = useMutation({
    mutationFn: () => http.call(tableSettingsEndpoints.reset, { body: { tableKey } }),
    onSuccess: () => client.setQueryData(key, null),
  });
  return {
    // Until the server answers (or if it cannot), the page's own columns.
    settings: mergeSettings(columns, saved.data?.columns),
    save: (settings: ColumnSetting[]) => save.mutateAsync(settings),
    reset: () => reset.mutateAsync(),
    saving: save.isPending || reset.isPending,
  };
}
