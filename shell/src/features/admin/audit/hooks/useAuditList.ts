import type { ListAccessAuditParams } from '@backoffice/api-client/endpoints';
import { dayjs, DISPLAY_TIME_ZONE, useListParams } from '@backoffice/ui';
import { useAccessAudit } from '../api/auditApi';

export const AUDIT_FILTERS = ['q', 'uid', 'has_permission', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/**
 * The days a person picks (`from`, `to`: aaaa-mm-dd, both included) as the instants the server filters by:
 * from the start of `from` to the start of the day after `to` (exclusive), in São Paulo.
 */
export function auditQueryOf(filters: Record<AuditFilter, string>): Omit<ListAccessAuditParams, 'page' | 'page_size'> {
  const startOf = (day: string) => dayjs.tz(day, DISPLAY_TIME_ZONE).toISOString();
  return {
    q: filters.q || undefined,
    uid: filters.uid || undefined,
    has_permission: filters.has_permission === 'true' ? true : filters.has_permission === 'false' ? false : undefined,
    from: filters.from ? startOf(filters.from) : undefined,
    to: filters.to ? dayjs.tz(filters.to, DISPLAY_TIME_ZONE).add(1, 'day').toISOString() : undefined,
  };
}

/** The list's filters and page from the address (`?q=hub&has_permission=false&from=2026-03-01`), and its query. */
export function useAuditList() {
  const list = useListParams<AuditFilter>({ filters: AUDIT_FILTERS, textFilters: ['q'] });
  const filters = auditQueryOf(list.filters);
  const query = useAccessAudit({ ...filters, page: list.page, page_size: list.pageSize });
  return { list, query, filters };
}
