import {
  getListChartAccountsQueryKey,
  useCreateChartAccount,
  useCreateStarterChart,
  useImportChartAccounts,
  useListChartAccounts,
  useUpdateChartAccount,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** The whole chart in tree order (a chart holds tens to a few hundred accounts: one request, no paging). */
export function useChartTree() {
  return useListChartAccounts();
}

/** Every change to the chart refreshes the tree (a new child changes its parent's count too). */
export function useChartMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListChartAccountsQueryKey() });
  return {
    create: useCreateChartAccount({ mutation: { onSuccess: refresh } }),
    update: useUpdateChartAccount({ mutation: { onSuccess: refresh } }),
    importCsv: useImportChartAccounts({ mutation: { onSuccess: refresh } }),
    starter: useCreateStarterChart({ mutation: { onSuccess: refresh } }),
  };
}
