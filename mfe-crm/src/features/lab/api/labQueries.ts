import {
  getListCrmPreviewsQueryKey,
  getMyCrmPreviewsQueryKey,
  useCrmPluginConfig,
  useCrmPluginOrigins,
  useListCrmPreviews,
  useRemoveCrmPreviewGrant,
  useSetCrmPreviewGrant,
  useSimulateCrmCadence,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export { useListCrmPreviews as usePreviews, useSimulateCrmCadence as useCadenceSimulation };

/** A grant changed: the list and the admin's own previews (the screens they show) are read again. */
export function useGrantMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: getListCrmPreviewsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getMyCrmPreviewsQueryKey() });
  };
  const options = { mutation: { onSuccess: refresh } };
  return { set: useSetCrmPreviewGrant(options), remove: useRemoveCrmPreviewGrant(options) };
}

/** The plugin's allowed origins: every one (public config) and those of the setting. */
export function usePluginOrigins() {
  return { all: useCrmPluginConfig(), stored: useCrmPluginOrigins() };
}
