import { getGetClientHistoryQueryKey, getGetClientQueryKey, getListClientsQueryKey, useArchiveClient, useCreateClient, useRestoreClient, useUpdateClient, type Client } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Creating, changing, archiving and restoring a client: orval's generated mutation hooks, each keeping the
 * client's cached page up to date and refreshing the lists and the client's history.
 */
export function useClientMutations() {
  const queryClient = useQueryClient();
  const saved = (client: Client) => {
    queryClient.setQueryData(getGetClientQueryKey(client.id), client);
    void queryClient.invalidateQueries({ queryKey: getListClientsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetClientHistoryQueryKey(client.id) });
  };
  return {
    create: useCreateClient({ mutation: { onSuccess: saved } }),
    update: useUpdateClient({ mutation: { onSuccess: saved } }),
    archive: useArchiveClient({ mutation: { onSuccess: saved } }),
    restore: useRestoreClient({ mutation: { onSuccess: saved } }),
  };
}
