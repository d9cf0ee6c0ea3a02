import { getListBankAccountsQueryKey, useCreateBankAccount, useListBankAccounts, useListSupportedBanks, useUpdateBankAccount } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** The company's bank accounts, by nickname (a handful: one request). */
export function useBankAccounts() {
  return useListBankAccounts();
}

/** The banks offered: those whose remessa and retorno files the system writes and reads. */
export function useSupportedBanks() {
  return useListSupportedBanks({ query: { staleTime: Infinity } });
}

export function useBankAccountMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListBankAccountsQueryKey() });
  return {
    create: useCreateBankAccount({ mutation: { onSuccess: refresh } }),
    update: useUpdateBankAccount({ mutation: { onSuccess: refresh } }),
  };
}
