/** The jobs page's server calls (`/api/v1/system/jobs…`, `/api/v1/system/job-probes`), in TanStack Query. */
import { type ApiError } from '@backoffice/api-client';
import { cancelJob, createJobProbe, getJobSummary, listJobs, retryJob, type Job, type JobPage, type JobSummary, type ListJobsParams, type NewProbeRequest } from '@backoffice/api-client/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { Job, JobPage, JobSummary };

const JOBS = ['system', 'jobs'] as const;

/** The list; asked again every 5 s while it shows a job that may still change. */
export function useJobs(params: ListJobsParams) {
  return useQuery<JobPage, ApiError>({
    queryKey: [...JOBS, 'list', params],
    queryFn: ({ signal }) => listJobs(params, { signal }),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some((job) => ['queued', 'running', 'retrying'].includes(job.status)) ? 5_000 : false),
  });
}

/** The last days' jobs counted by kind and state (the chart above the list); refreshed with the list. */
export function useJobSummary(days: number) {
  return useQuery<JobSummary, ApiError>({
    queryKey: [...JOBS, 'summary', days],
    queryFn: ({ signal }) => getJobSummary({ days }, { signal }),
    refetchInterval: (query) => (query.state.data?.kinds.some((kind) => kind.queued + kind.running + kind.retrying > 0) ? 5_000 : false),
  });
}

function useRefreshJobs() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: JOBS });
}

export function useRetryJob() {
  const refresh = useRefreshJobs();
  return useMutation<Job, ApiError, string>({ mutationFn: (id) => retryJob(id), onSuccess: refresh });
}

export function useCancelJob() {
  const refresh = useRefreshJobs();
  return useMutation<Job, ApiError, string>({ mutationFn: (id) => cancelJob(id), onSuccess: refresh });
}

/** "Testar fila": one diagnostic job of `steps` steps of `work_ms` each, reporting its progress after each one. */
export const QUEUE_TEST: NewProbeRequest = { jobs: 1, work_ms: 300, steps: 20 };

export function useQueueTest() {
  const refresh = useRefreshJobs();
  return useMutation<string, ApiError, undefined>({
    mutationFn: async () => {
      const probe = await createJobProbe(QUEUE_TEST);
      if (!probe.job_id) throw new Error('O servidor não informou a tarefa do teste da fila.');
      return probe.job_id;
    },
    onSuccess: refresh,
  });
}
