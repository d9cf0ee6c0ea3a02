export * from './jobModel';
export { useJob, jobQueryKey } from './useJob';
export { JobProgress, JobProgressView } from './JobProgress';
export type { JobProgressProps } from './JobProgress';
