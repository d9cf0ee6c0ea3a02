import { customFetch, type ApiError } from '@backoffice/api-client';
import { useQuery } from '@tanstack/react-query';
import { isFinished, JOB_POLL_MS, type Job } from './jobModel';

export const jobQueryKey = (id: string) => ['system', 'jobs', id] as const;

/**
 * A job, asked again about every 500 ms until it is done, failed for good (`dead`) or cancelled. Goes through
 * the shared api-client's `customFetch` (the session's token), so it works in the shell and in every remote.
 * `null`/`undefined` asks nothing.
 */
export function useJob(id: string | null | undefined) {
  return useQuery<Job, ApiError>({
    queryKey: jobQueryKey(id ?? ''),
    queryFn: ({ signal }) => customFetch<Job>(`/api/v1/system/jobs/${encodeURIComponent(id ?? '')}`, { method: 'GET', signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (isFinished(query.state.data?.status) || query.state.error ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}
