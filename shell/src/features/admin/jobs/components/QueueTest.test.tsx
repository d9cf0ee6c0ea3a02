import * as runtime from '@backoffice/api-client';
import * as apiClient from '@backoffice/api-client/endpoints';
import type { Job, JobProbe } from '@backoffice/api-client/endpoints';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin } from '../../shared/renderAdmin';
import { QUEUE_TEST } from '../api/jobsApi';
import { QueueTest } from './QueueTest';

// The whole suite runs two files at a time on a shared machine: give the page time to answer.
configure({ asyncUtilTimeout: 10_000 });

const probe = (over: Partial<JobProbe> = {}): JobProbe => ({
  batch: 'b1',
  jobs: 1,
  work_ms: 300,
  created_at: '2026-03-08T12:00:00Z',
  done: 0,
  runs: 0,
  distinct_jobs: 0,
  by_worker: [],
  ...over,
});

const job: Job = {
  id: 'job-1',
  kind: 'system.probe',
  status: 'running',
  attempts: 1,
  max_attempts: 3,
  run_at: '2026-03-08T12:00:00Z',
  created_at: '2026-03-08T12:00:00Z',
  updated_at: '2026-03-08T12:00:00Z',
  progress_done: 7,
  progress_total: 20,
  progress_message: 'Etapa 7 de 20',
};

describe('"Testar fila"', () => {
  it('starts one job in steps and follows it with the progress bar', async () => {
    const start = vi.spyOn(apiClient, 'createJobProbe').mockResolvedValue(probe({ job_id: 'job-1' }));
    const poll = vi.spyOn(runtime, 'customFetch').mockResolvedValue(job);
    renderAdmin(<QueueTest />);
    fireEvent.click(screen.getByRole('button', { name: 'Testar fila' }));
    expect(await screen.findByText('7 de 20')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Teste da fila' }).getAttribute('aria-valuenow')).toBe('35');
    expect(screen.getByText('Etapa 7 de 20')).toBeTruthy();
    expect(start).toHaveBeenCalledWith(QUEUE_TEST);
    expect(QUEUE_TEST).toMatchObject({ jobs: 1, steps: 20 });
    await waitFor(() => expect(poll).toHaveBeenCalledWith('/api/v1/system/jobs/job-1', expect.anything()));
  }, 20_000);

  it('says so when the server does not name the job to follow', async () => {
    vi.spyOn(apiClient, 'createJobProbe').mockResolvedValue(probe());
    renderAdmin(<QueueTest />);
    fireEvent.click(screen.getByRole('button', { name: 'Testar fila' }));
    expect(await screen.findByText('O servidor não informou a tarefa do teste da fila.')).toBeTruthy();
  }, 20_000);
});
