import { useListSalesUsers, useListUnits } from '@backoffice/api-client/endpoints';

/** What the CRM's forms pick from: the active sales users (managers, members, profiles) and the company's units. */
export function usePickers() {
  return { users: useListSalesUsers(), units: useListUnits() };
}
