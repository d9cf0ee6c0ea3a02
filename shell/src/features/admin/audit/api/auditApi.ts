/** The access audit's server calls (`/api/v1/audit/access`), in TanStack Query. */
import { type ApiError } from '@backoffice/api-client';
import { listAccessAudit, listUsers, type AuditEntry, type AuditPage, type ListAccessAuditParams, type UserPage } from '@backoffice/api-client/endpoints';
import { useQuery } from '@tanstack/react-query';

export type { AuditEntry, AuditPage };

export const AUDIT_EXPORT_URL = '/api/v1/audit/access/export';

export function useAccessAudit(params: ListAccessAuditParams) {
  return useQuery<AuditPage, ApiError>({
    queryKey: ['identity', 'audit', params],
    queryFn: ({ signal }) => listAccessAudit(params, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** The people the user filter offers (the first 200 by name). */
export function useAuditUsers() {
  return useQuery<UserPage, ApiError>({
    queryKey: ['identity', 'users', 'list', { page_size: 200 }],
    queryFn: ({ signal }) => listUsers({ page: 1, page_size: 200 }, { signal }),
    staleTime: 60_000,
  });
}
