import {
  cancelInstallment,
  createReceivable,
  extendInstallment,
  getGetReceivableInstallmentQueryKey,
  getListReceivableInstallmentHistoryQueryKey,
  getListReceivableInstallmentsQueryKey,
  getReceivableInstallment,
  listReceivableInstallmentHistory,
  listReceivableInstallments,
  registerReceipt,
  reverseReceipt,
  revertWriteOff,
  writeOffInstallment,
  type InstallmentDetail,
  type ListReceivableInstallmentsParams,
  type Receivable,
} from '@backoffice/api-client/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Where "Exportar" downloads the filtered installments from. */
export const INSTALLMENTS_EXPORT_URL = '/api/v1/finance/receivables/installments/export';

/** One page of installments with the totals of the whole filter; the previous page stays while the next loads. */
export function useInstallments(params: ListReceivableInstallmentsParams) {
  return useQuery({
    queryKey: getListReceivableInstallmentsQueryKey(params),
    queryFn: ({ signal }) => listReceivableInstallments(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInstallment(id: string | null) {
  return useQuery({
    queryKey: getGetReceivableInstallmentQueryKey(id ?? ''),
    queryFn: ({ signal }) => getReceivableInstallment(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

export function useInstallmentHistory(id: string) {
  return useQuery({
    queryKey: getListReceivableInstallmentHistoryQueryKey(id),
    queryFn: ({ signal }) => listReceivableInstallmentHistory(id, { signal }),
  });
}

/** A change to an installment answers with its detail: it replaces the cached one; the list and history are asked again. */
function useInstallmentChange<A>(call: (args: A) => Promise<InstallmentDetail>) {
  const queries = useQueryClient();
  return useMutation<InstallmentDetail, Error, A>({
    mutationFn: call,
    onSuccess: (detail) => {
      queries.setQueryData(getGetReceivableInstallmentQueryKey(detail.id), detail);
      void queries.invalidateQueries({ queryKey: getListReceivableInstallmentsQueryKey() });
      void queries.invalidateQueries({ queryKey: getListReceivableInstallmentHistoryQueryKey(detail.id) });
    },
  });
}

type BodyOf<F extends (id: string, body: never, ...rest: never[]) => unknown> = Parameters<F>[1];
type WithId<F extends (id: string, body: never, ...rest: never[]) => unknown> = { id: string; body: BodyOf<F> };

export function useInstallmentMutations() {
  return {
    receive: useInstallmentChange(({ id, body }: WithId<typeof registerReceipt>) => registerReceipt(id, body)),
    reverse: useInstallmentChange(({ id, receiptId, reason }: { id: string; receiptId: string; reason: string }) => reverseReceipt(id, receiptId, { reason })),
    extend: useInstallmentChange(({ id, body }: WithId<typeof extendInstallment>) => extendInstallment(id, body)),
    cancel: useInstallmentChange(({ id, body }: WithId<typeof cancelInstallment>) => cancelInstallment(id, body)),
    writeOff: useInstallmentChange(({ id, body }: WithId<typeof writeOffInstallment>) => writeOffInstallment(id, body)),
    revertWriteOff: useInstallmentChange(({ id, reason }: { id: string; reason: string }) => revertWriteOff(id, { reason })),
  };
}

export function useCreateReceivable() {
  const queries = useQueryClient();
  return useMutation<Receivable, Error, Parameters<typeof createReceivable>[0]>({
    mutationFn: (body) => createReceivable(body),
    onSuccess: () => void queries.invalidateQueries({ queryKey: getListReceivableInstallmentsQueryKey() }),
  });
}
