import * as apiClient from '@backoffice/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { BackofficeProvider } from '../BackofficeProvider';
import { JobProgress } from './JobProgress';
import { canCancel, canRetry, isFinished, progressOf, type Job } from './jobModel';

const job = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  kind: 'system.probe',
  status: 'running',
  attempts: 1,
  max_attempts: 3,
  run_at: '2026-03-08T12:00:00Z',
  created_at: '2026-03-08T12:00:00Z',
  updated_at: '2026-03-08T12:00:00Z',
  ...over,
});

function renderProgress(onFinished?: (j: Job) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={client}>
        <JobProgress jobId="j1" label="Teste da fila" successMessage="A fila funciona." onFinished={onFinished} />
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}

describe('job model', () => {
  it('counts "done de total" and a percentage', () => {
    expect(progressOf(job({ progress_done: 3, progress_total: 10, progress_message: 'passo 3' }))).toEqual({
      percent: 30,
      counts: '3 de 10',
      message: 'passo 3',
    });
    expect(progressOf(job({ progress_done: 1500, progress_total: 2000 })).counts).toBe('1.500 de 2.000');
  });
  it('has no counts without a total, and is full once done', () => {
    expect(progressOf(job())).toEqual({ percent: null, counts: null, message: null });
    expect(progressOf(job({ status: 'done' })).percent).toBe(100);
  });
  it('stops at done, dead and cancelled only', () => {
    expect(['done', 'dead', 'cancelled'].every((s) => isFinished(s as Job['status']))).toBe(true);
    expect(['queued', 'running', 'retrying'].some((s) => isFinished(s as Job['status']))).toBe(false);
  });
  it('offers retry for dead/cancelled and cancel for queued/retrying, as the server allows', () => {
    expect(canRetry('dead') && canRetry('cancelled') && !canRetry('running') && !canRetry('done')).toBe(true);
    expect(canCancel('queued') && canCancel('retrying') && !canCancel('running') && !canCancel('dead')).toBe(true);
  });
});

describe('<JobProgress>', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('polls while running, shows "done de total" and the message, then the success message; stops polling', async () => {
    const answers = [
      job({ status: 'queued' }),
      job({ progress_done: 1, progress_total: 4, progress_message: 'Passo 1 de 4' }),
      job({ progress_done: 3, progress_total: 4, progress_message: 'Passo 3 de 4' }),
      job({ status: 'done', progress_done: 4, progress_total: 4 }),
    ];
    const fetch = vi.spyOn(apiClient, 'customFetch').mockImplementation(() => Promise.resolve(answers.shift() ?? job({ status: 'done' })));
    const finished = vi.fn();
    renderProgress(finished);
    expect(await screen.findByText('Na fila, aguardando para começar…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('1 de 4')).toBeTruthy();
    expect(screen.getByText('Passo 1 de 4')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Teste da fila' }).getAttribute('aria-valuenow')).toBe('25');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('3 de 4')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('A fila funciona.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/system/jobs/j1');
    const calls = fetch.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('a job that failed for good says so with its error', async () => {
    vi.spyOn(apiClient, 'customFetch').mockResolvedValue(job({ status: 'dead', attempts: 3, last_error: 'arquivo inválido' }));
    renderProgress();
    expect(await screen.findByText('A tarefa falhou nas 3 tentativas e não será executada de novo.')).toBeTruthy();
    expect(screen.getByText('Erro: arquivo inválido')).toBeTruthy();
  });

  it('a job waiting to retry shows the failed attempt and keeps polling', async () => {
    vi.spyOn(apiClient, 'customFetch').mockResolvedValue(job({ status: 'retrying', attempts: 1, last_error: 'tempo esgotado', run_at: '2026-03-08T12:05:00Z' }));
    renderProgress();
    expect(await screen.findByText('A tentativa 1 falhou; nova tentativa em 08/03/2026 09:05.')).toBeTruthy();
    expect(screen.getByText('Erro: tempo esgotado')).toBeTruthy();
  });

  it('a cancelled job says so', async () => {
    vi.spyOn(apiClient, 'customFetch').mockResolvedValue(job({ status: 'cancelled' }));
    renderProgress();
    expect(await screen.findByText('A tarefa foi cancelada antes de terminar.')).toBeTruthy();
  });

  it('a job that cannot be read says why', async () => {
    vi.spyOn(apiClient, 'customFetch').mockRejectedValue(new apiClient.ApiError(404, { code: 'nao_encontrado', message: 'Tarefa não encontrada.' }));
    renderProgress();
    expect(await screen.findByText('Tarefa não encontrada.')).toBeTruthy();
    expect(screen.getByText('Não foi possível acompanhar a tarefa')).toBeTruthy();
  });
});
