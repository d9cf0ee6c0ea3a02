import type { Notification, NotificationPage } from '@backoffice/api-client/endpoints';
import { fakeApi } from '@backoffice/api-client/testing';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotificationBell, unreadLabel } from './NotificationBell';
import { markedRead } from '../api/notificationsApi';

/** Answers go through the fake server and TanStack Query: on a busy machine that takes more than the default 1 s. */
const SLOW = { timeout: 10_000 };

const note = (id: string, read = false): Notification => ({
  id,
  title: `Aviso ${id}`,
  body: `Corpo ${id}`,
  url: '/clientes',
  created_at: '2026-03-08T02:30:00Z',
  ...(read ? { read_at: '2026-03-08T03:00:00Z' } : {}),
});

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

/** The server's side, through the generated hooks and the real mutator: the page, and "read" for any id. */
function renderBell(page: NotificationPage) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ status: 'signed-in' } as unknown as auth.Session);
  const server = { page };
  api = fakeApi({
    'GET /api/v1/system/notifications': () => server.page,
    'POST /api/v1/system/notifications/a/read': () => ({ ...note('a'), read_at: '2026-03-08T04:00:00Z' }),
  });
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
  return { server, api };
}

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('the notifications bell', { timeout: 30_000 }, () => {
  it('says how many are unread', () => {
    expect(unreadLabel(0)).toBe('nenhuma não lida');
    expect(unreadLabel(1)).toBe('1 não lida');
    expect(unreadLabel(7)).toBe('7 não lidas');
    expect(unreadLabel(120)).toBe('99+ não lidas');
  });

  it('shows the unread count, lists the notifications and marks one read', async () => {
    const { server, api } = renderBell({ items: [note('a'), note('b', true)], unread: 1, page: 1, page_size: 20, has_more: false });
    const bell = await screen.findByRole('button', { name: 'Notificações: 1 não lida' }, SLOW);
    expect(api.callsTo('GET /api/v1/system/notifications').map((c) => c.query.toString())).toEqual(['page=1&page_size=20']);
    fireEvent.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Notificações' }, SLOW);
    expect(within(dropdown).getByText('Aviso a')).toBeTruthy();
    expect(within(dropdown).getByText('Corpo b')).toBeTruthy();
    // São Paulo time.
    expect(within(dropdown).getAllByText('07/03/2026 23:30')).toHaveLength(2);
    expect(within(dropdown).getAllByRole('button', { name: 'marcar como lida' })).toHaveLength(1);
    // The server now says everything is read.
    server.page = { items: [note('a', true), note('b', true)], unread: 0, page: 1, page_size: 20, has_more: false };
    fireEvent.click(within(dropdown).getByRole('button', { name: 'marcar como lida' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/system/notifications/a/read')).toHaveLength(1), SLOW);
    expect(await screen.findByRole('button', { name: 'Notificações: nenhuma não lida' }, SLOW)).toBeTruthy();
    expect(within(dropdown).queryByRole('button', { name: 'marcar como lida' })).toBeNull();
  });

  it('an empty inbox says so', async () => {
    renderBell({ items: [], unread: 0, page: 1, page_size: 20, has_more: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações: nenhuma não lida' }, SLOW));
    expect(await screen.findByText('Nenhuma notificação.', {}, SLOW)).toBeTruthy();
  });

  it('marking read updates the page and the count at once', () => {
    const page: NotificationPage = { items: [note('a'), note('b'), note('c', true)], unread: 5, page: 1, page_size: 20, has_more: true };
    const after = markedRead(page, (n) => n.id === 'a', 'agora');
    expect(after.items.map((n) => n.read_at ?? null)).toEqual(['agora', null, '2026-03-08T03:00:00Z']);
    expect(after.unread).toBe(4);
    expect(markedRead(page, () => true, 'agora').unread).toBe(3);
  });
});
