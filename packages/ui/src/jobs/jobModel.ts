/**
 * A background job as the pages show it (`GET /api/v1/system/jobs/{id}`): its state in Portuguese, its
 * progress and whether it is over. Pure functions, shared by `JobProgress` and the jobs page.
 */
import type { Job, JobStatus } from '@backoffice/api-client/endpoints';

export type { Job, JobStatus };

/** How often a running job is asked again. */
export const JOB_POLL_MS = 500;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Na fila',
  running: 'Em execução',
  retrying: 'Aguardando nova tentativa',
  done: 'Concluída',
  dead: 'Falhou',
  cancelled: 'Cancelada',
};

export const JOB_STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  retrying: 'orange',
  done: 'green',
  dead: 'red',
  cancelled: 'gray',
};

const FINISHED: ReadonlySet<JobStatus> = new Set<JobStatus>(['done', 'dead', 'cancelled']);

/** Done, failed for good or cancelled: nothing more will change, so polling stops. */
export function isFinished(status: JobStatus | undefined): boolean {
  return status !== undefined && FINISHED.has(status);
}

export function jobStatusLabel(status: string): string {
  return JOB_STATUS_LABELS[status as JobStatus] ?? status;
}

export interface JobProgressView {
  /** 0–100, or null when the job has not said how much there is to do. */
  percent: number | null;
  /** "3 de 10", or null without a total. */
  counts: string | null;
  message: string | null;
}

const integer = new Intl.NumberFormat('pt-BR');

/** What the bar shows: a done job is full even if it never reported progress. */
export function progressOf(job: Pick<Job, 'status' | 'progress_done' | 'progress_total' | 'progress_message'>): JobProgressView {
  const total = job.progress_total ?? 0;
  const done = Math.min(job.progress_done ?? 0, total || Number.POSITIVE_INFINITY);
  const message = job.progress_message?.trim() || null;
  if (total > 0) {
    const percent = job.status === 'done' ? 100 : Math.round((done / total) * 100);
    return { percent, counts: `${integer.format(done)} de ${integer.format(total)}`, message };
  }
  return { percent: job.status === 'done' ? 100 : null, counts: null, message };
}

/** Whether the job may be run again from its first attempt (the server's rule: dead or cancelled). */
export function canRetry(status: JobStatus): boolean {
  return status === 'dead' || status === 'cancelled';
}

/** Whether the job may be cancelled (the server's rule: not started yet, or waiting to retry). */
export function canCancel(status: JobStatus): boolean {
  return status === 'queued' || status === 'retrying';
}
