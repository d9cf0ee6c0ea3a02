import {
  approvePayable,
  cancelPayable,
  createPayable,
  duplicatePayable,
  getGetPayableInstallmentQueryKey,
  getGetPayableQueryKey,
  getListPayableHistoryQueryKey,
  getListPayableInstallmentHistoryQueryKey,
  getListPayableInstallmentsQueryKey,
  getListPayablesQueryKey,
  getPayable,
  getPayableInstallment,
  listPayableHistory,
  listPayableInstallmentHistory,
  listPayableInstallments,
  listPayables,
  readLinhaDigitavel,
  registerPayment,
  requestPayableApproval,
  reversePayment,
  schedulePayableInstallment,
  sendBackPayable,
  type ListPayableInstallmentsParams,
  type ListPayablesParams,
  type NewPayable,
  type NfeSuggestion,
  type Payable,
  type PayableInstallmentDetail,
} from '@backoffice/api-client/endpoints';
import { customFetch } from '@backoffice/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const PAYABLES_EXPORT_URL = '/api/v1/finance/payables/export';
export const AGENDA_EXPORT_URL = '/api/v1/finance/payables/installments/export';

export function usePayables(params: ListPayablesParams) {
  return useQuery({ queryKey: getListPayablesQueryKey(params), queryFn: ({ signal }) => listPayables(params, { signal }), placeholderData: keepPreviousData });
}

export function useAgenda(params: ListPayableInstallmentsParams) {
  return useQuery({
    queryKey: getListPayableInstallmentsQueryKey(params),
    queryFn: ({ signal }) => listPayableInstallments(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePayable(id: string | null) {
  return useQuery({ queryKey: getGetPayableQueryKey(id ?? ''), queryFn: ({ signal }) => getPayable(id ?? '', { signal }), enabled: Boolean(id) });
}

export function usePayableHistory(id: string) {
  return useQuery({ queryKey: getListPayableHistoryQueryKey(id), queryFn: ({ signal }) => listPayableHistory(id, { signal }) });
}

export function usePayableInstallment(id: string | null) {
  return useQuery({
    queryKey: getGetPayableInstallmentQueryKey(id ?? ''),
    queryFn: ({ signal }) => getPayableInstallment(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

export function usePayableInstallmentHistory(id: string) {
  return useQuery({ queryKey: getListPayableInstallmentHistoryQueryKey(id), queryFn: ({ signal }) => listPayableInstallmentHistory(id, { signal }) });
}

/** Every change refreshes both lists; the answer replaces the cached detail. */
function useRefresh() {
  const queries = useQueryClient();
  return {
    payable: (p: Payable) => {
      queries.setQueryData(getGetPayableQueryKey(p.id), p);
      void queries.invalidateQueries({ queryKey: getListPayablesQueryKey() });
      void queries.invalidateQueries({ queryKey: getListPayableInstallmentsQueryKey() });
      void queries.invalidateQueries({ queryKey: getListPayableHistoryQueryKey(p.id) });
    },
    installment: (i: PayableInstallmentDetail) => {
      queries.setQueryData(getGetPayableInstallmentQueryKey(i.id), i);
      void queries.invalidateQueries({ queryKey: getListPayablesQueryKey() });
      void queries.invalidateQueries({ queryKey: getListPayableInstallmentsQueryKey() });
      void queries.invalidateQueries({ queryKey: getListPayableInstallmentHistoryQueryKey(i.id) });
      void queries.invalidateQueries({ queryKey: getGetPayableQueryKey(i.payable_id) });
    },
  };
}

export function usePayableMutations() {
  const refresh = useRefresh();
  const change = <A,>(call: (args: A) => Promise<Payable>) => ({ mutationFn: call, onSuccess: refresh.payable });
  return {
    create: useMutation<Payable, Error, NewPayable>(change((body: NewPayable) => createPayable(body))),
    requestApproval: useMutation<Payable, Error, Payable>(change((p: Payable) => requestPayableApproval(p.id, { version: p.version }))),
    approve: useMutation<Payable, Error, Payable>(change((p: Payable) => approvePayable(p.id, { version: p.version }))),
    sendBack: useMutation<Payable, Error, { payable: Payable; comment: string }>(change(({ payable, comment }: { payable: Payable; comment: string }) => sendBackPayable(payable.id, { version: payable.version, comment }))),
    cancel: useMutation<Payable, Error, { payable: Payable; reason: string }>(change(({ payable, reason }: { payable: Payable; reason: string }) => cancelPayable(payable.id, { version: payable.version, reason }))),
    duplicate: useMutation<Payable, Error, Payable>(change((p: Payable) => duplicatePayable(p.id))),
  };
}

export function useInstallmentMutations() {
  const refresh = useRefresh();
  return {
    schedule: useMutation<PayableInstallmentDetail, Error, { id: string; version: number; scheduled_date: string; bank_account_id?: string }>({
      mutationFn: ({ id, ...body }) => schedulePayableInstallment(id, body),
      onSuccess: refresh.installment,
    }),
    pay: useMutation<PayableInstallmentDetail, Error, { id: string; body: Parameters<typeof registerPayment>[1] }>({
      mutationFn: ({ id, body }) => registerPayment(id, body),
      onSuccess: refresh.installment,
    }),
    reverse: useMutation<PayableInstallmentDetail, Error, { id: string; paymentId: string; reason: string }>({
      mutationFn: ({ id, paymentId, reason }) => reversePayment(id, paymentId, { reason }),
      onSuccess: refresh.installment,
    }),
  };
}

export function useReadLinha() {
  return useMutation({ mutationFn: (linha: string) => readLinhaDigitavel({ linha }) });
}

/** Sends the NF-e XML as it is (`application/xml`) and answers the suggestion; nothing is saved. */
export function useReadNfe() {
  return useMutation<NfeSuggestion, Error, File>({
    mutationFn: (file) => customFetch<NfeSuggestion>('/api/v1/finance/payables/nfe', { method: 'POST', body: file, headers: { 'Content-Type': 'application/xml' } }),
  });
}
