import type { Job, User } from '@backoffice/api-client/endpoints';
import { fakeApi } from '@backoffice/api-client/testing';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { countWords } from '../api/pendingWork';
import { PendingWork } from './PendingWork';

const SLOW = { timeout: 10_000 };

const user = (role: User['role']): User => ({
  uid: 'u1',
  email: 'ana@exemplo.com.br',
  name: 'Ana',
  role,
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  active: true,
  created_at: '2026-03-08T12:00:00Z',
  updated_at: '2026-03-08T12:00:00Z',
});

const dead = (id: string): Job => ({
  id,
  kind: 'system.probe',
  status: 'dead',
  attempts: 5,
  max_attempts: 5,
  run_at: '2026-03-08T12:00:00Z',
  created_at: '2026-03-08T12:00:00Z',
  updated_at: '2026-03-08T12:00:00Z',
});

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function renderAs(role: User['role'], jobs: Job[]) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ status: 'signed-in', user: user(role) } as unknown as auth.Session);
  api = fakeApi({ 'GET /api/v1/system/jobs': () => ({ items: jobs, page: 1, page_size: 200, has_more: false }) });
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <PendingWork />
        </MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
  return api;
}

describe('pending work on /inicio', { timeout: 30_000 }, () => {
  it('counts in words, and says "mais de" past the page it read', () => {
    const noun = { one: 'tarefa esgotou as tentativas', many: 'tarefas esgotaram as tentativas' };
    expect(countWords({ count: 1, more: false }, noun)).toBe('1 tarefa esgotou as tentativas');
    expect(countWords({ count: 3, more: false }, noun)).toBe('3 tarefas esgotaram as tentativas');
    expect(countWords({ count: 200, more: true }, noun)).toBe('Mais de 200 tarefas esgotaram as tentativas');
  });

  it('an administrator sees the failed jobs with a link to them', async () => {
    const calls = renderAs('ADMIN', [dead('a'), dead('b')]);
    const card = await screen.findByRole('status', { name: 'Tarefas com falha' }, SLOW);
    expect(card.textContent).toContain('2 tarefas esgotaram as tentativas.');
    expect(screen.getByRole('link', { name: 'Ver e resolver' }).getAttribute('href')).toBe('/admin/tarefas?status=dead');
    expect(calls.callsTo('GET /api/v1/system/jobs')[0]?.query.get('status')).toBe('dead');
  });

  it('nothing is shown when nothing waits', async () => {
    const calls = renderAs('ADMIN', []);
    await waitFor(() => expect(calls.callsTo('GET /api/v1/system/jobs')).toHaveLength(1), SLOW);
    expect(screen.queryByRole('status', { name: 'Tarefas com falha' })).toBeNull();
  });

  it('someone without the permission is not asked about jobs at all', async () => {
    const calls = renderAs('SALESPERSON', [dead('a')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.callsTo('GET /api/v1/system/jobs')).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Tarefas com falha' })).toBeNull();
  });
});
