import type { ClientKind, ClientQuery, ClientStatus } from '@backoffice/api-client/endpoints';
import { useListParams, type SortState } from '@backoffice/ui';
import { useMemo } from 'react';

/** The sorts the clients API accepts (`sort=name|-name|created_at|-created_at`). */
export const CLIENT_SORT_KEYS = ['name', 'created_at'] as const;
/** The server's order when none is asked: by name. */
export const CLIENT_DEFAULT_SORT: SortState = { id: 'name', desc: false };
const FILTERS = ['q', 'status', 'kind', 'owner_id', 'unit_id', 'tag'] as const;
const TEXT_FILTERS = ['q', 'tag'] as const;

export type ClientFilter = (typeof FILTERS)[number];

const asStatus = (value: string): ClientStatus | undefined => (value === 'active' || value === 'inactive' || value === 'archived' ? value : undefined);
const asKind = (value: string): ClientKind | undefined => (value === 'person' || value === 'company' ? value : undefined);

/**
 * The clients list's state in the URL (`/clientes?q=ana&status=active&kind=person&sort=-created_at&page=2&page_size=50`)
 * and the list request it makes; `exportQuery` is the same filters and sort for the export.
 */
export function useClientListParams() {
  const list = useListParams<ClientFilter>({ filters: FILTERS, textFilters: TEXT_FILTERS, sortKeys: CLIENT_SORT_KEYS, defaultSort: CLIENT_DEFAULT_SORT });
  const { filters, sortParam, page, pageSize } = list;
  const exportQuery = useMemo(
    () => ({
      q: filters.q || undefined,
      status: asStatus(filters.status),
      kind: asKind(filters.kind),
      owner_id: filters.owner_id || undefined,
      unit_id: filters.unit_id || undefined,
      tag: filters.tag || undefined,
      sort: sortParam,
    }),
    [filters, sortParam],
  );
  const query = useMemo<ClientQuery>(() => ({ ...exportQuery, page, page_size: pageSize }), [exportQuery, page, pageSize]);
  return { list, query, exportQuery };
}
