import { getListBoletosQueryKey, getListReceivableInstallmentsQueryKey, issueBoletos, listBoletos, useListCollectionAgreements, type IssuedBoletos, type ListBoletosParams } from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * What the receivables page and the boletos pages share: issuing boletos for installments and an installment's
 * boletos (the receivables feature shows them without importing the boletos feature).
 */
export function useIssueBoletos() {
  const queries = useQueryClient();
  return useMutation<IssuedBoletos, Error, { installmentIds: string[]; agreementId: string }>({
    mutationFn: ({ installmentIds, agreementId }) => issueBoletos({ installment_ids: installmentIds, agreement_id: agreementId }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: getListBoletosQueryKey() });
      void queries.invalidateQueries({ queryKey: getListReceivableInstallmentsQueryKey() });
    },
  });
}

/** The installment's boletos, newest first. */
export function useInstallmentBoletos(installmentId: string) {
  const params = { installment_id: installmentId, status: [], sort: '-issue_date' } as ListBoletosParams;
  return useQuery({
    queryKey: getListBoletosQueryKey(params),
    queryFn: ({ signal }) => listBoletos(params, { signal }),
  });
}

/** The convênios de cobrança (to choose one when issuing, to filter the list). */
export function useCollectionAgreementOptions() {
  return useListCollectionAgreements();
}
