import type { GuardUser } from './guardRules';
import { decideNavigation, mayOpen, postSignInTarget } from './guardRules';

const user = (overrides: Partial<GuardUser> = {}): GuardUser => ({
  role: 'ADMIN',
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  ...overrides,
});
const go = (pathname: string, u: GuardUser | null, search = '') => decideNavigation({ pathname, search, user: u });

describe('/pagamentos and /recebimentos', () => {
  it.each(['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN'])('let %s in', (role) => {
    expect(go('/pagamentos', user({ role }))).toEqual({ kind: 'allow' });
    expect(go('/recebimentos', user({ role }))).toEqual({ kind: 'allow' });
  });
  it.each(['LEGAL_ASSISTANT', 'SALESPERSON', 'SALES_MANAGER', 'PURCHASING_ASSISTANT', 'PURCHASING_MANAGER', 'STOCK_KEEPER', 'STOCK_MANAGER', 'CLINIC_STAFF'])('send %s to /minhas-vendas', (role) => {
    expect(go('/pagamentos', user({ role }))).toEqual({ kind: 'redirect', to: '/minhas-vendas', denied: true });
    expect(go('/recebimentos', user({ role }))).toEqual({ kind: 'redirect', to: '/minhas-vendas', denied: true });
  });
  it('does not apply to /recebimentos-por-periodo, which has its own rule (finance roles, others to /inicio)', () => {
    expect(go('/recebimentos-por-periodo', user({ role: 'SALESPERSON' }))).toEqual({ kind: 'redirect', to: '/inicio', denied: true });
  });
});

describe('remittance pages ask the server', () => {
  it('checks any path containing /pagamentos-remessa', () => {
    expect(go('/pagamentos-remessa', user())).toEqual({ kind: 'server-check', path: '/pagamentos-remessa', deniedTo: '/inicio' });
  });
  it('checks any path containing /remessa but not /pagamentos-remessa', () => {
    expect(go('/remessa', user())).toEqual({ kind: 'server-check', path: '/remessa', deniedTo: '/inicio' });
    expect(go('/remessas', user())).toEqual({ kind: 'server-check', path: '/remessas', deniedTo: '/inicio' });
  });
});

describe('/conciliacao', () => {
  it('needs role_id.can_see_conciliation', () => {
    const allowed = user({ role_id: { can_see_conciliation: true, can_see_dispatch: false, can_approval_dispatch: false } });
    expect(go('/conciliacao', allowed)).toEqual({ kind: 'allow' });
    expect(go('/conciliacao', user())).toEqual({ kind: 'redirect', to: '/inicio', denied: true });
  });
  it('treats a missing role_id as no permission', () => {
    expect(go('/conciliacao', user({ role_id: null }))).toEqual({ kind: 'redirect', to: '/inicio', denied: true });
  });
});

describe('/reset-senha', () => {
  it('sends a user whose password is updated to /inicio', () => {
    expect(go('/reset-senha', user({ is_password_updated: true }))).toEqual({ kind: 'redirect', to: '/inicio' });
  });
  it('lets a user who has not updated the password in', () => {
    expect(go('/reset-senha', user({ is_password_updated: false }))).toEqual({ kind: 'allow' });
  });
  it('sends a signed-out visitor to /', () => {
    expect(go('/reset-senha', null)).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('LEGAL_ASSISTANT', () => {
  it.each(['/minhas-vendas', '/inicio'])('goes from %s to /clientes (its start page: no denial)', (path) => {
    expect(go(path, user({ role: 'LEGAL_ASSISTANT' }))).toEqual({ kind: 'redirect', to: '/clientes' });
  });
  it('other roles stay on /inicio', () => {
    expect(go('/inicio', user({ role: 'SALESPERSON' }))).toEqual({ kind: 'allow' });
  });
});

describe('sign-in pages', () => {
  it.each(['/', '/entrar'])('send a signed-in user from %s to /inicio', (path) => {
    expect(go(path, user())).toEqual({ kind: 'redirect', to: '/inicio' });
  });
  it('send a signed-in user back to the redirect query (internal only)', () => {
    expect(go('/', user(), `?redirect=${encodeURIComponent('/clientes?q=1')}`)).toEqual({ kind: 'redirect', to: '/clientes?q=1' });
    expect(go('/', user(), '?redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/inicio' });
  });
  it.each(['/', '/entrar'])('show %s to a signed-out visitor', (path) => {
    expect(go(path, null)).toEqual({ kind: 'allow' });
  });
});

describe('signed-out visitors', () => {
  it('open /resumo-temporario without signing in', () => {
    expect(go('/resumo-temporario', null)).toEqual({ kind: 'allow' });
  });
  it('open /crm/plugin without signing in (it signs in inside its frame)', () => {
    expect(go('/crm/plugin', null)).toEqual({ kind: 'allow' });
  });
  it('go to / with the full original path (query included) and the stored user cleared', () => {
    expect(go('/clientes', null, '?q=ana&page=2')).toEqual({
      kind: 'redirect',
      to: `/?redirect=${encodeURIComponent('/clientes?q=ana&page=2')}`,
      clearStoredUser: true,
    });
  });
});

describe('password not updated', () => {
  it('is not blocked from other routes', () => {
    expect(go('/clientes', user({ is_password_updated: false }))).toEqual({ kind: 'allow' });
    expect(go('/inicio', user({ is_password_updated: false }))).toEqual({ kind: 'allow' });
  });
});

describe('hub', () => {
  it.each(['/hub', '/hub/despachos', '/hub/despachos/aprovacoes'])('%s is decided by the hub rules', (path) => {
    expect(go(path, user())).toEqual({ kind: 'hub' });
  });
  it('a signed-out visitor is sent to sign in first', () => {
    expect(go('/hub/despachos', null).kind).toBe('redirect');
  });
});

describe('postSignInTarget', () => {
  it('returns the internal redirect path with its query', () => {
    expect(postSignInTarget(`?redirect=${encodeURIComponent('/clientes?q=ana')}`)).toBe('/clientes?q=ana');
  });
  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'clientes'])('ignores %s', (target) => {
    expect(postSignInTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/inicio');
  });
  it('defaults to /inicio', () => {
    expect(postSignInTarget('')).toBe('/inicio');
  });
});

describe('mayOpen (what the menu and /inicio offer)', () => {
  const flags = (f: Partial<NonNullable<GuardUser['role_id']>>) => ({ can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false, ...f });
  it('offers what the guard allows and nothing it redirects', () => {
    expect(mayOpen('/clientes', user({ role: 'SALESPERSON' }))).toBe(true);
    expect(mayOpen('/pagamentos', user({ role: 'SALESPERSON' }))).toBe(false);
    expect(mayOpen('/pagamentos', user({ role: 'FINANCIAL_ASSISTANT' }))).toBe(true);
    expect(mayOpen('/conciliacao', user({ role: 'ADMIN' }))).toBe(false);
    expect(mayOpen('/conciliacao', user({ role_id: flags({ can_see_conciliation: true }) }))).toBe(true);
  });
  it('pages the server decides follow the declared role defaults', () => {
    for (const path of ['/remessa', '/remessas', '/pagamentos-remessa']) {
      expect(mayOpen(path, user({ role: 'SALESPERSON' })), path).toBe(false);
      expect(mayOpen(path, user({ role: 'FINANCIAL_MANAGER' })), path).toBe(true);
      expect(mayOpen(path, user({ role: 'ADMIN' })), path).toBe(true);
    }
    // A financial assistant generates cobrança remittances, not payment ones (finance.md §7, scenario 10).
    expect(mayOpen('/remessa', user({ role: 'FINANCIAL_ASSISTANT' }))).toBe(true);
    expect(mayOpen('/remessas', user({ role: 'FINANCIAL_ASSISTANT' }))).toBe(true);
    expect(mayOpen('/pagamentos-remessa', user({ role: 'FINANCIAL_ASSISTANT' }))).toBe(false);
  });
  it('hub pages need access_hub and the dispatch flags', () => {
    expect(mayOpen('/hub', user())).toBe(false);
    expect(mayOpen('/hub', user({ access_hub: true }))).toBe(true);
    expect(mayOpen('/hub/despachos', user({ access_hub: true }))).toBe(false);
    expect(mayOpen('/hub/despachos', user({ access_hub: true, role_id: flags({ can_see_dispatch: true }) }))).toBe(true);
    expect(mayOpen('/hub/despachos/aprovacoes', user({ access_hub: true, role_id: flags({ can_see_dispatch: true }) }))).toBe(false);
    expect(mayOpen('/hub/despachos/aprovacoes', user({ access_hub: false, role_id: flags({ can_approval_dispatch: true }) }))).toBe(false);
  });
  it('a role sent elsewhere from a page is not offered it', () => {
    expect(mayOpen('/inicio', user({ role: 'LEGAL_ASSISTANT' }))).toBe(false);
    expect(mayOpen('/minhas-vendas', user({ role: 'LEGAL_ASSISTANT' }))).toBe(false);
    expect(mayOpen('/clientes', user({ role: 'LEGAL_ASSISTANT' }))).toBe(true);
  });
});
