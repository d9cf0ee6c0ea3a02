import {
  discardTimer,
  getCurrentTimer,
  getGetCurrentTimerQueryKey,
  getListActivitiesQueryKey,
  pauseTimer,
  resumeTimer,
  startTimer,
  stopTimer,
  type Activity,
  type StartTimerRequest,
  type StopTimerRequest,
  type Timer,
} from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The caller's timer (`null`: none; the server answers 204). Read again every 15 s, so a pause or a stop made on
 * another device shows here too.
 */
export function useCurrentTimer() {
  return useQuery({
    queryKey: getGetCurrentTimerQueryKey(),
    queryFn: async ({ signal }) => ((await getCurrentTimer({ signal })) as Timer | undefined) ?? null,
    refetchInterval: 15_000,
  });
}

/** Start, pause and resume answer the timer; stop and discard leave none, and a stop changes the activities. */
export function useTimerMutations() {
  const queryClient = useQueryClient();
  const key = getGetCurrentTimerQueryKey();
  const show = (timer: Timer | null) => queryClient.setQueryData(key, timer);
  const activities = getListActivitiesQueryKey()[0];
  const gone = () => {
    show(null);
    void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(activities) });
  };
  return {
    start: useMutation({ mutationFn: (data: StartTimerRequest) => startTimer(data), onSuccess: show }),
    pause: useMutation({ mutationFn: () => pauseTimer(), onSuccess: show }),
    resume: useMutation({ mutationFn: () => resumeTimer(), onSuccess: show }),
    stop: useMutation<Activity, Error, StopTimerRequest>({ mutationFn: (data) => stopTimer(data), onSuccess: gone }),
    discard: useMutation({ mutationFn: () => discardTimer(), onSuccess: gone }),
    /** Reads the timer again (after a conflict: another device started or stopped it). */
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}
