import { getListCrmUsersQueryKey, useCreateCrmUser, useGetCrmUser, useGetCrmUserHistory, useListCrmUsers, useUpdateCrmUser } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export const EMPLOYMENT_LABELS: Record<string, string> = { clt: 'CLT', pj: 'PJ' };

/** `500` basis points → `5,00 %`. */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}

export function useCrmUsers() {
  return useListCrmUsers();
}

export function useCrmUser(userId: string) {
  return useGetCrmUser(userId);
}

export function useCrmUserHistory(userId: string) {
  return useGetCrmUserHistory(userId);
}

export function useCrmUserMutations() {
  const queryClient = useQueryClient();
  const prefix = getListCrmUsersQueryKey()[0];
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });
  const options = { mutation: { onSuccess: refresh } };
  return { create: useCreateCrmUser(options), update: useUpdateCrmUser(options) };
}
