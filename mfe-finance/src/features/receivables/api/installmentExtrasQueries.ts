import {
  addInstallmentAttachment,
  getGetReceivableInstallmentQueryKey,
  getListInstallmentAttachmentsQueryKey,
  getListReceivableInstallmentHistoryQueryKey,
  getListReceivableInstallmentsQueryKey,
  listInstallmentAttachments,
  listReceivableInstallments,
  removeInstallmentAttachment,
  renegotiateInstallments,
  type FinanceAttachment,
  type Receivable,
  type Renegotiation,
} from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Where an attachment is downloaded from (with the bearer token, through `downloadFile`). */
export const attachmentUrl = (installmentId: string, attachmentId: string) => `/api/v1/finance/receivables/installments/${installmentId}/attachments/${attachmentId}`;

export function useAttachments(installmentId: string) {
  return useQuery({
    queryKey: getListInstallmentAttachmentsQueryKey(installmentId),
    queryFn: ({ signal }) => listInstallmentAttachments(installmentId, { signal }),
  });
}

/** Attaching or removing changes the list and the installment's history. */
export function useAttachmentMutations(installmentId: string) {
  const queries = useQueryClient();
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: getListInstallmentAttachmentsQueryKey(installmentId) });
    void queries.invalidateQueries({ queryKey: getListReceivableInstallmentHistoryQueryKey(installmentId) });
  };
  return {
    add: useMutation<FinanceAttachment, Error, File>({ mutationFn: (file) => addInstallmentAttachment(installmentId, { file }), onSuccess: refresh }),
    remove: useMutation<FinanceAttachment, Error, { attachmentId: string; reason: string }>({
      mutationFn: ({ attachmentId, reason }) => removeInstallmentAttachment(installmentId, attachmentId, { reason }),
      onSuccess: refresh,
    }),
  };
}

/** The client's other installments still to be received (what may join a renegotiation). */
export function useOpenInstallmentsOf(clientId: string) {
  return useQuery({
    queryKey: [...getListReceivableInstallmentsQueryKey({ client_id: clientId, status: ['ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO', 'VENCIDO'], page_size: 200 }), 'renegotiation'],
    queryFn: ({ signal }) => listReceivableInstallments({ client_id: clientId, status: ['ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO', 'VENCIDO'], page_size: 200, sort: 'due_date' }, { signal }),
  });
}

/** A renegotiation answers with the new título; the list and the replaced installments are read again. */
export function useRenegotiate() {
  const queries = useQueryClient();
  return useMutation<Receivable, Error, Renegotiation>({
    mutationFn: (body) => renegotiateInstallments(body),
    onSuccess: (_, body) => {
      void queries.invalidateQueries({ queryKey: getListReceivableInstallmentsQueryKey() });
      for (const item of body.installments) void queries.invalidateQueries({ queryKey: getGetReceivableInstallmentQueryKey(item.id) });
    },
  });
}
