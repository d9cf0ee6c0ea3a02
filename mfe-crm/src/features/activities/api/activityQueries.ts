import {
  getListActivitiesQueryKey,
  useBulkReassignActivities,
  useBulkRescheduleActivities,
  useCompleteActivity,
  useCreateActivity,
  useListActivities,
  useUpdateActivity,
  type ListActivitiesParams,
} from '@backoffice/api-client/endpoints';
import { useQueryClient } from '@tanstack/react-query';

export function useActivities(params: ListActivitiesParams, options?: { query?: { enabled?: boolean } }) {
  return useListActivities(params, options);
}

/** Every change to an activity refreshes every list of activities (tabs, calendar, a client's tab, the agenda). */
export function useActivityMutations() {
  const queryClient = useQueryClient();
  const prefix = getListActivitiesQueryKey()[0];
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(prefix) });
  const options = { mutation: { onSuccess: refresh } };
  return {
    create: useCreateActivity(options),
    update: useUpdateActivity(options),
    complete: useCompleteActivity(options),
    reschedule: useBulkRescheduleActivities(options),
    reassign: useBulkReassignActivities(options),
  };
}
