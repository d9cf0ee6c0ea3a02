import type { ListReceivableInstallmentsParams } from '@backoffice/api-client/endpoints';
import { monthOf, todayInSaoPaulo, useListParams, type SortState } from '@backoffice/ui';
import { useMemo } from 'react';

// client_id and bank_account_id come from the reports' drill-down (/recebimentos-por-periodo): no input of their own.
const FILTERS = ['periodo', 'due_from', 'due_to', 'status', 'q', 'payment_method', 'origin', 'client_id', 'bank_account_id'] as const;
export type InstallmentFilter = (typeof FILTERS)[number];
export const INSTALLMENT_SORT_KEYS = ['due_date', 'value', 'client'] as const;
const DEFAULT_SORT: SortState = { id: 'due_date', desc: false };

/** `periodo`: '' this month (the default), 'todos' every date, 'datas' the dates typed. */
export type Period = '' | 'todos' | 'datas';

/** The due-date range a period means (`today` in São Paulo). */
export function dueRange(period: string, from: string, to: string, today: string): { due_from?: string; due_to?: string } {
  if (period === 'todos') return {};
  if (period === 'datas') return { due_from: from || undefined, due_to: to || undefined };
  const month = monthOf(today);
  return { due_from: month.from, due_to: month.to };
}

/**
 * The installments list's state in the URL (`/recebimentos?status=ABERTO,VENCIDO&q=ana&periodo=datas&due_from=…`)
 * and the request it makes; `exportQuery` is the same without paging.
 */
export function useInstallmentListParams() {
  const list = useListParams<InstallmentFilter>({ filters: FILTERS, textFilters: ['q'], sortKeys: INSTALLMENT_SORT_KEYS, defaultSort: DEFAULT_SORT });
  const { filters, sortParam, page, pageSize } = list;
  const exportQuery = useMemo(
    () => ({
      ...dueRange(filters.periodo, filters.due_from, filters.due_to, todayInSaoPaulo()),
      status: filters.status ? filters.status.split(',').filter(Boolean) : undefined,
      q: filters.q || undefined,
      payment_method: filters.payment_method || undefined,
      origin: filters.origin || undefined,
      client_id: filters.client_id || undefined,
      bank_account_id: filters.bank_account_id || undefined,
      sort: sortParam,
    }),
    [filters, sortParam],
  );
  const params = useMemo<ListReceivableInstallmentsParams>(() => ({ ...exportQuery, page, page_size: pageSize }) as ListReceivableInstallmentsParams, [exportQuery, page, pageSize]);
  return { list, params, exportQuery };
}
