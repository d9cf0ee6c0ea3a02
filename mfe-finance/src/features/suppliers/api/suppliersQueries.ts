import {
  addSupplierBankAccount,
  addSupplierPixKey,
  confirmSupplierBankData,
  createSupplier,
  getGetSupplierQueryKey,
  getListSupplierHistoryQueryKey,
  getListSuppliersQueryKey,
  getSupplier,
  listSupplierHistory,
  listSuppliers,
  removeSupplierBankAccount,
  removeSupplierPixKey,
  updateSupplier,
  type ListSuppliersParams,
  type SupplierDetail,
} from '@backoffice/api-client/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One page of suppliers; the previous page stays shown while the next one loads. */
export function useSuppliers(params: ListSuppliersParams) {
  return useQuery({
    queryKey: getListSuppliersQueryKey(params),
    queryFn: ({ signal }) => listSuppliers(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: string | null) {
  return useQuery({
    queryKey: getGetSupplierQueryKey(id ?? ''),
    queryFn: ({ signal }) => getSupplier(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

export function useSupplierHistory(id: string) {
  return useQuery({
    queryKey: getListSupplierHistoryQueryKey(id),
    queryFn: ({ signal }) => listSupplierHistory(id, { signal }),
  });
}

/**
 * Every change to a supplier answers with its detail: it replaces the cached detail, and the list and the
 * history are asked again.
 */
function useSupplierChange<A>(call: (args: A) => Promise<SupplierDetail>) {
  const queries = useQueryClient();
  return useMutation<SupplierDetail, Error, A>({
    mutationFn: call,
    onSuccess: (detail) => {
      queries.setQueryData(getGetSupplierQueryKey(detail.id), detail);
      void queries.invalidateQueries({ queryKey: getListSuppliersQueryKey() });
      void queries.invalidateQueries({ queryKey: getListSupplierHistoryQueryKey(detail.id) });
    },
  });
}

type Body<F extends (...args: never[]) => unknown> = Parameters<F>[0];
type BodyOf<F extends (id: string, body: never, ...rest: never[]) => unknown> = Parameters<F>[1];

export function useSupplierMutations() {
  return {
    create: useSupplierChange((body: Body<typeof createSupplier>) => createSupplier(body)),
    update: useSupplierChange(({ id, body }: { id: string; body: BodyOf<typeof updateSupplier> }) => updateSupplier(id, body)),
    addBankAccount: useSupplierChange(({ id, body }: { id: string; body: BodyOf<typeof addSupplierBankAccount> }) => addSupplierBankAccount(id, body)),
    removeBankAccount: useSupplierChange(({ id, accountId }: { id: string; accountId: string }) => removeSupplierBankAccount(id, accountId)),
    addPixKey: useSupplierChange(({ id, body }: { id: string; body: BodyOf<typeof addSupplierPixKey> }) => addSupplierPixKey(id, body)),
    removePixKey: useSupplierChange(({ id, keyId }: { id: string; keyId: string }) => removeSupplierPixKey(id, keyId)),
    confirmBankData: useSupplierChange((id: string) => confirmSupplierBankData(id)),
  };
}
