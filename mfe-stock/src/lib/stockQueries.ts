import {
  useAddStockMaterialUnit,
  useCreateStockCategory,
  useCreateStockLocation,
  useCreateStockMaterial,
  useListStockBalances,
  useListStockCategories,
  useListStockLocations,
  useListStockMaterials,
  useListStockMovements,
  useListStockPolicies,
  usePostStockAdjustment,
  usePostStockMovement,
  useRemoveStockMaterialUnit,
  useReverseStockMovement,
  useSetStockPolicy,
  useUpdateStockMaterial,
  type ListStockMaterialsParams,
  type ListStockMovementsParams,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export function useMaterials(params: ListStockMaterialsParams) {
  return useListStockMaterials(params);
}

export function useCategories() {
  return useListStockCategories();
}

export function useLocations() {
  return useListStockLocations();
}

export function usePolicies(material_id: string | undefined) {
  return useListStockPolicies(material_id ? { material_id } : {});
}

export function useMovements(params: ListStockMovementsParams) {
  return useListStockMovements(params);
}

export function useBalances(material_id: string | undefined) {
  return useListStockBalances(material_id ? { material_id } : {}, { query: { enabled: !!material_id } });
}

/** Every stock write refreshes every stock query (their keys share the `/api/v1/stock/` prefix). */
export function useStockMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/stock/') });
  const options = { mutation: { onSuccess: refresh } };
  return {
    createMaterial: useCreateStockMaterial(options),
    updateMaterial: useUpdateStockMaterial(options),
    addUnit: useAddStockMaterialUnit(options),
    removeUnit: useRemoveStockMaterialUnit(options),
    createCategory: useCreateStockCategory(options),
    createLocation: useCreateStockLocation(options),
    setPolicy: useSetStockPolicy(options),
    postMovement: usePostStockMovement(options),
    postAdjustment: usePostStockAdjustment(options),
    reverse: useReverseStockMovement(options),
  };
}
