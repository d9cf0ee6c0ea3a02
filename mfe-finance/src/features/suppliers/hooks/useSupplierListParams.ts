import type { ListSuppliersParams } from '@backoffice/api-client/endpoints';
import { useListParams } from '@backoffice/ui';
import { useMemo } from 'react';

const FILTERS = ['q', 'active', 'pending'] as const;
export type SupplierFilter = (typeof FILTERS)[number];

/** `'true'`/`'false'` in the URL → the API's boolean; anything else → no filter. */
export function booleanFilter(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The suppliers list's state in the URL (`/fornecedores?q=lab&active=true&pending=true&page=2`) and its request. */
export function useSupplierListParams() {
  const list = useListParams<SupplierFilter>({ filters: FILTERS, textFilters: ['q'] });
  const { filters, page, pageSize } = list;
  const params = useMemo<ListSuppliersParams>(
    () => ({ q: filters.q || undefined, active: booleanFilter(filters.active), pending: booleanFilter(filters.pending), page, page_size: pageSize }),
    [filters, page, pageSize],
  );
  return { list, params };
}
