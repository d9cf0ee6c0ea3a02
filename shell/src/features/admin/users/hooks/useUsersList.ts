import { useListParams } from '@backoffice/ui';
import type { ListUsersParams, Role } from '@backoffice/api-client/endpoints';
import { useUsers } from '../api/usersApi';

export const USER_FILTERS = ['q', 'role', 'active'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

/** The list's filters and page from the address (`?q=ana&role=SALESPERSON&active=false&page=2`), and its query. */
export function useUsersList() {
  const list = useListParams<UserFilter>({ filters: USER_FILTERS, textFilters: ['q'] });
  const params: ListUsersParams = {
    q: list.filters.q || undefined,
    role: (list.filters.role || undefined) as Role | undefined,
    active: list.filters.active === 'true' ? true : list.filters.active === 'false' ? false : undefined,
    page: list.page,
    page_size: list.pageSize,
  };
  const query = useUsers(params);
  return { list, query };
}
