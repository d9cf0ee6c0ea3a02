import type { BoletoStatus, ListBoletosParams } from '@backoffice/api-client/endpoints';
import { useListParams, type SortState } from '@backoffice/ui';
import { useMemo } from 'react';

const FILTERS = ['status', 'agreement_id', 'issue_from', 'issue_to', 'due_from', 'due_to', 'q', 'pendente', 'client_id', 'remittance_id'] as const;
export type BoletoFilter = (typeof FILTERS)[number];
export const BOLETO_SORT_KEYS = ['due_date', 'issue_date', 'nosso_numero', 'amount', 'client'] as const;
const DEFAULT_SORT: SortState = { id: 'due_date', desc: false };

/** The boletos list's state in the URL (`/boletos?status=REGISTRADO&pendente=1&q=…`) and the request it makes. */
export function useBoletoListParams() {
  const list = useListParams<BoletoFilter>({ filters: FILTERS, textFilters: ['q'], sortKeys: BOLETO_SORT_KEYS, defaultSort: DEFAULT_SORT });
  const { filters, sortParam, page, pageSize } = list;
  const exportQuery = useMemo(
    () => ({
      status: filters.status ? (filters.status.split(',').filter(Boolean) as BoletoStatus[]) : undefined,
      agreement_id: filters.agreement_id || undefined,
      issue_from: filters.issue_from || undefined,
      issue_to: filters.issue_to || undefined,
      due_from: filters.due_from || undefined,
      due_to: filters.due_to || undefined,
      q: filters.q || undefined,
      pending_instruction: filters.pendente ? true : undefined,
      client_id: filters.client_id || undefined,
      remittance_id: filters.remittance_id || undefined,
      sort: sortParam,
    }),
    [filters, sortParam],
  );
  const params = useMemo<ListBoletosParams>(() => ({ ...exportQuery, page, page_size: pageSize }) as ListBoletosParams, [exportQuery, page, pageSize]);
  return { list, params, exportQuery };
}
