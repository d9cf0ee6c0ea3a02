import type { ListPayableInstallmentsParams, ListPayablesParams } from '@backoffice/api-client/endpoints';
import { monthOf, todayInSaoPaulo, useListParams } from '@backoffice/ui';
import { useMemo } from 'react';

const PAYABLE_FILTERS = ['q', 'status', 'supplier_id', 'competence', 'awaiting', 'blocked'] as const;

/** `/contas-a-pagar?status=RASCUNHO&awaiting=1&q=…`: the documents list's state in the URL and its request. */
export function usePayableListParams() {
  const list = useListParams<(typeof PAYABLE_FILTERS)[number]>({ filters: PAYABLE_FILTERS, textFilters: ['q'] });
  const { filters, page, pageSize } = list;
  const exportQuery = useMemo(
    () => ({
      q: filters.q || undefined,
      status: filters.status ? (filters.status.split(',').filter(Boolean) as ListPayablesParams['status']) : undefined,
      supplier_id: filters.supplier_id || undefined,
      competence: filters.competence || undefined,
      awaiting_my_approval: filters.awaiting === '1' ? true : undefined,
      blocked: filters.blocked === '1' ? true : undefined,
    }),
    [filters],
  );
  const params = useMemo<ListPayablesParams>(() => ({ ...exportQuery, page, page_size: pageSize }) as ListPayablesParams, [exportQuery, page, pageSize]);
  return { list, params, exportQuery };
}

const AGENDA_FILTERS = ['tab', 'periodo', 'due_from', 'due_to', 'q', 'payment_method', 'supplier_id'] as const;

/** `periodo`: '' this month, 'todos' every date, 'datas' the dates typed. */
function dueRange(period: string, from: string, to: string): { due_from?: string; due_to?: string } {
  if (period === 'todos') return {};
  if (period === 'datas') return { due_from: from || undefined, due_to: to || undefined };
  const month = monthOf(todayInSaoPaulo());
  return { due_from: month.from, due_to: month.to };
}

/** `/pagamentos?tab=PROGRAMADOS&periodo=todos`: the agenda's state in the URL (tab A_PAGAR and this month by default). */
export function useAgendaParams() {
  const list = useListParams<(typeof AGENDA_FILTERS)[number]>({ filters: AGENDA_FILTERS, textFilters: ['q'] });
  const { filters, page, pageSize } = list;
  const tab = (filters.tab || 'A_PAGAR') as NonNullable<ListPayableInstallmentsParams['tab']>;
  const exportQuery = useMemo(
    () => ({
      tab,
      ...dueRange(filters.periodo, filters.due_from, filters.due_to),
      q: filters.q || undefined,
      payment_method: (filters.payment_method || undefined) as ListPayableInstallmentsParams['payment_method'],
      supplier_id: filters.supplier_id || undefined,
    }),
    [filters, tab],
  );
  const params = useMemo<ListPayableInstallmentsParams>(() => ({ ...exportQuery, page, page_size: pageSize }) as ListPayableInstallmentsParams, [exportQuery, page, pageSize]);
  return { list, params, exportQuery, tab };
}
