/** Test helper: renders an administration component as the shell does (signed in as `role`, every provider). */
import type { User } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { BackofficeProvider, MemoryRouter } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export const someone = (over: Partial<User> = {}): User => ({
  uid: 'u-admin',
  email: 'admin@exemplo.com.br',
  name: 'Ana Admin',
  role: 'ADMIN',
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  active: true,
  created_at: '2026-03-08T12:00:00Z',
  updated_at: '2026-03-08T12:00:00Z',
  ...over,
});

export function renderAdmin(ui: ReactElement, { role = 'ADMIN', path = '/' }: { role?: string; path?: string } = {}) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ status: 'signed-in', user: someone({ role: role as User['role'] }) } as unknown as auth.Session);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}
