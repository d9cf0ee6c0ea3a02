import {
  createRemittance,
  discardRemittance,
  generateRemittance,
  getBankReturn,
  getGetBankReturnQueryKey,
  getGetRemittanceQueryKey,
  getListBankReturnOccurrencesQueryKey,
  getListBankReturnsQueryKey,
  getListBoletosQueryKey,
  getListPendenciesQueryKey,
  getListRemittanceItemsQueryKey,
  getListRemittancePendingQueryKey,
  getListRemittancesQueryKey,
  getRemittance,
  listBankReturnOccurrences,
  listBankReturns,
  listPendencies,
  listRemittanceItems,
  listRemittancePending,
  listRemittances,
  markRemittanceSent,
  reopenRemittance,
  reprocessPendencies,
  resolvePendency,
  uploadBankReturn,
  type BankReturn,
  type ListBankReturnsParams,
  type ListPendenciesParams,
  type ListRemittancesParams,
  type Pendency,
  type PendencyReprocessed,
  type PendencyResolve,
  type RemittanceCreate,
  type RemittanceDetail,
} from '@backoffice/api-client/endpoints';
import { downloadFile } from '@backoffice/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

export const REMITTANCES_EXPORT_URL = '/api/v1/finance/remittances/export';

/** How often a retorno being applied is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;

export function usePendingItems(agreementId: string) {
  const params = { agreement_id: agreementId };
  return useQuery({
    queryKey: getListRemittancePendingQueryKey(params),
    queryFn: ({ signal }) => listRemittancePending(params, { signal }),
    enabled: Boolean(agreementId),
  });
}

export function useRemittances(params: ListRemittancesParams) {
  return useQuery({
    queryKey: getListRemittancesQueryKey(params),
    queryFn: ({ signal }) => listRemittances(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRemittance(id: string | null) {
  return useQuery({
    queryKey: getGetRemittanceQueryKey(id ?? ''),
    queryFn: ({ signal }) => getRemittance(id ?? '', { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Everything a remessa's change touches: its lists, the pending items and the boletos (now EM_REMESSA or free). */
function afterRemittanceChange(queries: QueryClient, detail: RemittanceDetail) {
  queries.setQueryData(getGetRemittanceQueryKey(detail.remittance.id), detail);
  void queries.invalidateQueries({ queryKey: getListRemittanceItemsQueryKey(detail.remittance.id) });
  void queries.invalidateQueries({ queryKey: getListRemittancesQueryKey() });
  void queries.invalidateQueries({ queryKey: getListRemittancePendingQueryKey() });
  void queries.invalidateQueries({ queryKey: getListBoletosQueryKey() });
}

export function useCreateRemittance() {
  const queries = useQueryClient();
  return useMutation<RemittanceDetail, Error, RemittanceCreate>({
    mutationFn: (body) => createRemittance(body),
    onSuccess: (detail) => afterRemittanceChange(queries, detail),
  });
}

export type RemittanceAction = 'generate' | 'markSent' | 'reopen' | 'discard';

const ACTIONS: Record<RemittanceAction, (id: string) => Promise<RemittanceDetail>> = {
  generate: generateRemittance,
  markSent: markRemittanceSent,
  reopen: reopenRemittance,
  discard: discardRemittance,
};

export function useRemittanceAction() {
  const queries = useQueryClient();
  return useMutation<RemittanceDetail, Error, { id: string; action: RemittanceAction }>({
    mutationFn: ({ id, action }) => ACTIONS[action](id),
    onSuccess: (detail) => afterRemittanceChange(queries, detail),
  });
}

/** The generated file, under the bank's file name (the server's Content-Disposition). */
export function downloadRemittance(id: string, fallbackName: string) {
  return downloadFile(`/api/v1/finance/remittances/${id}/file`, {}, fallbackName);
}

/** Retornos, newest first; polled while one is still being applied (its progress bar). */
export function useBankReturns(params: ListBankReturnsParams) {
  return useQuery({
    queryKey: getListBankReturnsQueryKey(params),
    queryFn: ({ signal }) => listBankReturns(params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 'IMPORTADO') ? PROGRESS_POLL_MS : false),
  });
}

export function useBankReturn(id: string | null) {
  return useQuery({
    queryKey: getGetBankReturnQueryKey(id ?? ''),
    queryFn: ({ signal }) => getBankReturn(id ?? '', { signal }),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'IMPORTADO' ? PROGRESS_POLL_MS : false),
  });
}

/** A page of a remessa's items in file order, with what the retornos said of each. */
export function useRemittanceItems(id: string, page: number, pageSize: number) {
  const params = { page, page_size: pageSize };
  return useQuery({
    queryKey: getListRemittanceItemsQueryKey(id, params),
    queryFn: ({ signal }) => listRemittanceItems(id, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBankReturnOccurrences(id: string, page: number, pageSize: number) {
  const params = { page, page_size: pageSize };
  return useQuery({
    queryKey: getListBankReturnOccurrencesQueryKey(id, params),
    queryFn: ({ signal }) => listBankReturnOccurrences(id, params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUploadBankReturn() {
  const queries = useQueryClient();
  return useMutation<BankReturn, Error, { file: File; accountId: string }>({
    mutationFn: ({ file, accountId }) => uploadBankReturn({ file, account_id: accountId }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: getListBankReturnsQueryKey() }),
  });
}

export function usePendencies(params: ListPendenciesParams) {
  return useQuery({
    queryKey: getListPendenciesQueryKey(params),
    queryFn: ({ signal }) => listPendencies(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResolvePendency() {
  const queries = useQueryClient();
  return useMutation<Pendency, Error, { id: string; body: PendencyResolve }>({
    mutationFn: ({ id, body }) => resolvePendency(id, body),
    onSuccess: () => void queries.invalidateQueries({ queryKey: getListPendenciesQueryKey() }),
  });
}

export function useReprocessPendencies() {
  const queries = useQueryClient();
  return useMutation<PendencyReprocessed, Error>({
    mutationFn: () => reprocessPendencies(),
    onSuccess: () => void queries.invalidateQueries({ queryKey: getListPendenciesQueryKey() }),
  });
}
