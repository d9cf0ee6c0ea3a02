// @vitest-environment jsdom
import * as apiClient from '@backoffice/api-client/endpoints';
import type { User } from '@backoffice/api-client/endpoints';
import { AuthProvider, type AuthAdapter } from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement as h, Suspense, type ComponentType, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { pages as crmPages } from '../../../mfe-crm/src/pages';
import { pages as financePages } from '../../../mfe-finance/src/pages';
import { pages as purchasingPages } from '../../../mfe-purchasing/src/pages';
import { pages as stockPages } from '../../../mfe-stock/src/pages';
import { shellPages } from '../../../shell/src/app/AppRoutes';
import { descriptionOf, ROUTES, type AppName, type PageProps, type RouteEntry } from './index';
import { BUILT, renderRoutesDoc, routeState, UNDER_CONSTRUCTION } from './routesDoc';

describe('docs/routes.md', () => {
  it('matches the route table (regenerate with `node scripts/web-routes-doc.mjs`)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'routes.md'), 'utf8');
    expect(committed).toBe(renderRoutesDoc());
  });
});

// Every flag and permission, so that each page shows everything it can.
const everything: User = {
  uid: 'u1',
  email: 'ana@exemplo.com.br',
  name: 'Ana',
  role: 'ADMIN',
  role_id: { can_see_conciliation: true, can_see_dispatch: true, can_approval_dispatch: true },
  access_hub: true,
  is_password_updated: true,
  active: true,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

const adapter: AuthAdapter = {
  kind: 'embedded',
  restore: () => Promise.resolve({ uid: 'u1' }),
  signIn: () => Promise.resolve({ uid: 'u1' }),
  signOut: () => Promise.resolve(),
  getAccessToken: () => Promise.resolve('t'),
  refresh: () => Promise.resolve(true),
  sendResetCode: () => Promise.resolve(),
  confirmReset: () => Promise.resolve(),
  changePassword: () => Promise.resolve(),
};

const REMOTE_PAGES: Record<Exclude<AppName, 'shell'>, Record<string, ComponentType<PageProps>>> = {
  finance: financePages,
  crm: crmPages,
  stock: stockPages,
  purchasing: purchasingPages,
};

/** The page a route renders, with the props the shell gives it. */
function pageOf(route: RouteEntry): ReactElement | null {
  if (route.app === 'shell') {
    const Page = shellPages[route.path];
    return Page ? h(Page) : null;
  }
  const Page = REMOTE_PAGES[route.app][route.path];
  return Page ? h(Page, { route, description: descriptionOf(route.path) }) : null;
}

/** Renders the route's page as the app does (signed in, every provider) and returns its text once loaded. */
async function renderedText(route: RouteEntry): Promise<string> {
  const page = pageOf(route);
  if (!page) throw new Error(`${route.path}: nenhuma página no app ${route.app}`);
  // The providers the shell puts around every page (this file is .ts, so no JSX).
  const withSuspense = h(Suspense, { fallback: h('p', null, 'carregando a página') }, page);
  const signedIn = h(AuthProvider, { adapter, children: withSuspense });
  const routed = h(MemoryRouter, { initialEntries: [route.path] }, signedIn);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(h(BackofficeProvider, { env: 'test', children: h(QueryClientProvider, { client: queries }, routed) }));
  // Lazy pages load their modules on first render; on a busy machine that takes longer than the default 1 s.
  await waitFor(() => expect(screen.queryByText('carregando a página')).toBeNull(), { timeout: 10_000 });
  return document.body.textContent ?? '';
}

describe('route states in docs/routes.md', () => {
  beforeEach(() => {
    vi.spyOn(apiClient, 'getUserByUid').mockResolvedValue([everything]);
    vi.spyOn(apiClient, 'listClients').mockResolvedValue({ items: [], total: 0, total_capped: false, page: 1, page_size: 20, has_more: false });
  });
  afterEach(cleanup);

  it.each(ROUTES.map((r) => [r.path, r] as const))('%s: "built" only when the page does not show "Em construção"', async (_, route) => {
    const text = await renderedText(route);
    const state = routeState(route.path);
    if (text.includes(UNDER_CONSTRUCTION)) {
      expect(state, `${route.path} mostra "${UNDER_CONSTRUCTION}"`).not.toBe(BUILT);
      expect(state.startsWith(UNDER_CONSTRUCTION)).toBe(true);
    } else {
      expect(state, `${route.path} não mostra "${UNDER_CONSTRUCTION}"`).toBe(BUILT);
    }
  }, 20_000);

  it('the three hub routes are built (mfe-stock)', () => {
    for (const path of ['/hub', '/hub/despachos', '/hub/despachos/aprovacoes']) expect(routeState(path)).toBe(BUILT);
  });
});
