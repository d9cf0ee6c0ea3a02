import {
  getGetCollectionAgreementHistoryQueryKey,
  getListCollectionAgreementsQueryKey,
  getListPaymentAgreementsQueryKey,
  useCreateCollectionAgreement,
  useCreatePaymentAgreement,
  useListCollectionAgreements,
  useListCollectionBanks,
  useListPaymentAgreements,
  useUpdateCollectionAgreement,
  useUpdatePaymentAgreement,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** Every convênio de cobrança (a handful: one request), by account and name. */
export function useCollectionAgreements() {
  return useListCollectionAgreements();
}

export function usePaymentAgreements() {
  return useListPaymentAgreements();
}

/** The seven banks with the layouts `banking` writes for each (for the form). */
export function useCollectionBanks() {
  return useListCollectionBanks({ query: { staleTime: Infinity } });
}

export function useAgreementMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: getListCollectionAgreementsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getListPaymentAgreementsQueryKey() });
  };
  return {
    createCollection: useCreateCollectionAgreement({ mutation: { onSuccess: refresh } }),
    updateCollection: useUpdateCollectionAgreement({
      mutation: {
        onSuccess: (agreement) => {
          refresh();
          void queryClient.invalidateQueries({ queryKey: getGetCollectionAgreementHistoryQueryKey(agreement.id) });
        },
      },
    }),
    createPayment: useCreatePaymentAgreement({ mutation: { onSuccess: refresh } }),
    updatePayment: useUpdatePaymentAgreement({ mutation: { onSuccess: refresh } }),
  };
}

export { percentLabel } from '../../../lib/boletos/boletoModel';

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  TED: 'TED',
  PIX: 'PIX',
  BOLETO: 'Boletos',
  CONCESSIONARIA: 'Concessionárias',
  TRIBUTO: 'Tributos',
};
