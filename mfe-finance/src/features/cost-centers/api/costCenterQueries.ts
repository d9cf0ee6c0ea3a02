import { getListCostCentersQueryKey, useCreateCostCenter, useListCostCenters, useUpdateCostCenter } from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

/** Every cost centre, by code (tens of them: one request). */
export function useCostCenters() {
  return useListCostCenters();
}

export function useCostCenterMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: getListCostCentersQueryKey() });
  return {
    create: useCreateCostCenter({ mutation: { onSuccess: refresh } }),
    update: useUpdateCostCenter({ mutation: { onSuccess: refresh } }),
  };
}
