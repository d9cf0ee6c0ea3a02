import { archiveClient, getClientHistory, getGetClientHistoryQueryKey, getListClientsQueryKey, listClients, restoreClient, type Client, type ClientQuery } from '@backoffice/api-client/endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Where "Exportar" downloads the filtered clients from (`format=csv|xlsx` with the list's q/status/kind/sort). */
export const CLIENTS_EXPORT_URL = '/api/v1/crm/clients/export';

/** One page of clients; the previous page stays shown while the next one loads. */
export function useClientsQuery(query: ClientQuery) {
  return useQuery({
    queryKey: getListClientsQueryKey(query),
    queryFn: ({ signal }) => listClients(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClientHistoryQuery(id: string) {
  return useQuery({
    queryKey: getGetClientHistoryQueryKey(id),
    queryFn: ({ signal }) => getClientHistory(id, { signal }),
  });
}

export type BulkAction = 'archive' | 'restore';

export interface BulkResult {
  done: number;
  failed: Array<{ client: Client; message: string }>;
}

/**
 * Archives or restores the given clients one by one (the API has one call per client) and refreshes the list
 * and their histories; says how many went through and why the others did not.
 */
export function useBulkClientAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async (action: BulkAction, clients: readonly Client[]): Promise<BulkResult> => {
      const call = action === 'archive' ? archiveClient : restoreClient;
      const result: BulkResult = { done: 0, failed: [] };
      for (const client of clients) {
        try {
          await call(client.id);
          result.done += 1;
        } catch (cause) {
          result.failed.push({ client, message: cause instanceof Error ? cause.message : String(cause) });
        }
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getListClientsQueryKey() }),
        ...clients.map((client) => queryClient.invalidateQueries({ queryKey: getGetClientHistoryQueryKey(client.id) })),
      ]);
      return result;
    },
    [queryClient],
  );
}
