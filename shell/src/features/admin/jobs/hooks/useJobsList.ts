import { JobStatus, type ListJobsParams } from '@backoffice/api-client/endpoints';
import { useListParams } from '@backoffice/ui';
import { useJobs } from '../api/jobsApi';

export const JOB_FILTERS = ['status', 'kind'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

const KNOWN: ReadonlySet<string> = new Set(Object.values(JobStatus));

/** `?status=dead,retrying` ↔ the states asked for (unknown ones ignored). */
export function statusesOf(value: string): JobStatus[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is JobStatus => KNOWN.has(s));
}

/** The list's filters and page from the address (`?status=dead,retrying&kind=system.probe&page=2`), and its query. */
export function useJobsList() {
  const list = useListParams<JobFilter>({ filters: JOB_FILTERS, textFilters: ['kind'] });
  const params: ListJobsParams = {
    status: statusesOf(list.filters.status),
    kind: list.filters.kind || undefined,
    page: list.page,
    page_size: list.pageSize,
  };
  const query = useJobs(params);
  return { list, query };
}
