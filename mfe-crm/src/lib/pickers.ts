import { listClients, useListSalesUsers, useListUnits } from '@backoffice/api-client/endpoints';
import { useQuery } from '@tanstack/react-query';

/** What the CRM's forms pick from: the active sales users (managers, members, profiles) and the company's units. */
export function usePickers() {
  return { users: useListSalesUsers(), units: useListUnits() };
}

/** The caller's active clients found by what is typed (name, document, e-mail or phone), as select options. */
export function useClientOptions(search: string) {
  const query = useQuery({
    queryKey: ['crm', 'client-options', search],
    queryFn: ({ signal }) => listClients({ q: search || undefined, page_size: 20, status: 'active', with_total: false }, { signal }),
    placeholderData: (previous) => previous,
  });
  return (query.data?.items ?? []).map((client) => ({ value: client.id, label: `${client.name} — ${client.document_formatted}` }));
}
