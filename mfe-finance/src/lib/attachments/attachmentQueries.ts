import {
  addInstallmentAttachment,
  addPayableAttachment,
  getListInstallmentAttachmentsQueryKey,
  getListPayableAttachmentsQueryKey,
  getListPayableHistoryQueryKey,
  getListReceivableInstallmentHistoryQueryKey,
  listInstallmentAttachments,
  listPayableAttachments,
  removeInstallmentAttachment,
  removePayableAttachment,
  type FinanceAttachment,
} from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What owns attachments — an installment a receber, a conta a pagar — and its endpoints. */
export interface AttachmentOwner {
  listKey: QueryKey;
  /** The owner's history, which records every attachment added or removed. */
  historyKey: QueryKey;
  list: (signal?: AbortSignal) => Promise<FinanceAttachment[]>;
  add: (file: File) => Promise<FinanceAttachment>;
  remove: (attachmentId: string, reason: string) => Promise<FinanceAttachment>;
  /** Where an attachment is downloaded from (with the bearer token, through `downloadFile`). */
  url: (attachmentId: string) => string;
}

export function installmentAttachments(installmentId: string): AttachmentOwner {
  return {
    listKey: getListInstallmentAttachmentsQueryKey(installmentId),
    historyKey: getListReceivableInstallmentHistoryQueryKey(installmentId),
    list: (signal) => listInstallmentAttachments(installmentId, { signal }),
    add: (file) => addInstallmentAttachment(installmentId, { file }),
    remove: (attachmentId, reason) => removeInstallmentAttachment(installmentId, attachmentId, { reason }),
    url: (attachmentId) => `/api/v1/finance/receivables/installments/${installmentId}/attachments/${attachmentId}`,
  };
}

export function payableAttachments(payableId: string): AttachmentOwner {
  return {
    listKey: getListPayableAttachmentsQueryKey(payableId),
    historyKey: getListPayableHistoryQueryKey(payableId),
    list: (signal) => listPayableAttachments(payableId, { signal }),
    add: (file) => addPayableAttachment(payableId, { file }),
    remove: (attachmentId, reason) => removePayableAttachment(payableId, attachmentId, { reason }),
    url: (attachmentId) => `/api/v1/finance/payables/${payableId}/attachments/${attachmentId}`,
  };
}

export function useAttachments(owner: AttachmentOwner) {
  return useQuery({ queryKey: owner.listKey, queryFn: ({ signal }) => owner.list(signal) });
}

/** Attaching or removing changes the list and the owner's history. */
export function useAttachmentMutations(owner: AttachmentOwner) {
  const queries = useQueryClient();
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: owner.listKey });
    void queries.invalidateQueries({ queryKey: owner.historyKey });
  };
  return {
    add: useMutation<FinanceAttachment, Error, File>({ mutationFn: (file) => owner.add(file), onSuccess: refresh }),
    remove: useMutation<FinanceAttachment, Error, { attachmentId: string; reason: string }>({
      mutationFn: ({ attachmentId, reason }) => owner.remove(attachmentId, reason),
      onSuccess: refresh,
    }),
  };
}
