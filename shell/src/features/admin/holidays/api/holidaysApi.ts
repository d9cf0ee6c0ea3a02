/** The holidays page's server calls (`/api/v1/system/holidays`), in TanStack Query. */
import { type ApiError } from '@backoffice/api-client';
import { addHoliday, listHolidays, removeHoliday, type CalendarYear, type Holiday, type NewHolidayRequest } from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { CalendarYear, Holiday };

export const holidaysKey = (year: number) => ['system', 'holidays', year] as const;

export function useHolidays(year: number) {
  return useQuery<CalendarYear, ApiError>({ queryKey: holidaysKey(year), queryFn: ({ signal }) => listHolidays({ year }, { signal }) });
}

export function useAddHoliday() {
  const queries = useQueryClient();
  return useMutation<Holiday, ApiError, NewHolidayRequest>({
    mutationFn: (input) => addHoliday(input),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['system', 'holidays'] }),
  });
}

export function useRemoveHoliday() {
  const queries = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (day) => removeHoliday(day),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['system', 'holidays'] }),
  });
}
