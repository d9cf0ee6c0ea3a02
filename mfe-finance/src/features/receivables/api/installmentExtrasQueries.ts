import {
  getGetReceivableInstallmentQueryKey,
  getListReceivableInstallmentsQueryKey,
  listReceivableInstallments,
  renegotiateInstallments,
  type Receivable,
  type Renegotiation,
} from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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
