/** The holidays page's server calls (`/api/v1/system/holidays`, and the units it names), in TanStack Query. */
import { type ApiError } from '@backoffice/api-client';
import {
  addHoliday,
  listHolidays,
  listUnits,
  removeHoliday,
  updateHoliday,
  type CalendarYear,
  type Holiday,
  type NewHolidayRequest,
  type Unit,
} from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { CalendarYear, Holiday, NewHolidayRequest, Unit };

export const holidaysKey = (year: number, unitId: string) => ['system', 'holidays', year, unitId] as const;

/** The year's holidays: every unit's (`unitId` empty), or the calendar of one unit. */
export function useHolidays(year: number, unitId: string) {
  return useQuery<CalendarYear, ApiError>({
    queryKey: holidaysKey(year, unitId),
    queryFn: ({ signal }) => listHolidays(unitId ? { year, unit_id: unitId } : { year }, { signal }),
  });
}

/** The company's units (a holiday applies to every unit or to one). */
export function useUnits() {
  return useQuery<Unit[], ApiError>({ queryKey: ['system', 'units'], queryFn: ({ signal }) => listUnits({ signal }) });
}

export function useAddHoliday() {
  const queries = useQueryClient();
  return useMutation<Holiday, ApiError, NewHolidayRequest>({
    mutationFn: (input) => addHoliday(input),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['system', 'holidays'] }),
  });
}

/** The stored holiday is named by its date and unit (none: the company-wide one). */
const unitParams = (holiday: Holiday) => (holiday.unit_id ? { unit_id: holiday.unit_id } : undefined);

export function useUpdateHoliday() {
  const queries = useQueryClient();
  return useMutation<Holiday, ApiError, { holiday: Holiday; data: NewHolidayRequest }>({
    mutationFn: ({ holiday, data }) => updateHoliday(holiday.day, data, unitParams(holiday)),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['system', 'holidays'] }),
  });
}

export function useRemoveHoliday() {
  const queries = useQueryClient();
  return useMutation<unknown, ApiError, Holiday>({
    mutationFn: (holiday) => removeHoliday(holiday.day, unitParams(holiday)),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['system', 'holidays'] }),
  });
}
