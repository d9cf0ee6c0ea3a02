import { decideNavigation } from './guardRules';
import { holds, requiredPermissionLabels, roleRedirectFor, routeRulesFor, type AccessRules } from './accessRules';
import { ACCESS } from './generated/access';

const user = (role: string | null, flags: Record<string, boolean> = {}, access_hub = false) => ({
  role,
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false, ...flags },
  access_hub,
  is_password_updated: true,
});

describe('access rules generated from the server', () => {
  it('a permission is held by its roles, or by its flag whatever the role', () => {
    expect(holds(user('FINANCIAL_ASSISTANT'), 'financeiro')).toBe(true);
    expect(holds(user('SALESPERSON'), 'financeiro')).toBe(false);
    expect(holds(user('SALESPERSON', { can_see_conciliation: true }), 'conciliacao')).toBe(true);
    expect(holds(user('SUPER_ADMIN'), 'conciliacao')).toBe(false);
    expect(holds(user(null, { can_see_conciliation: true }), 'conciliacao')).toBe(false);
    expect(holds(user('ADMIN'), 'nao-existe')).toBe(false);
  });

  it("the permissions the server says a user holds win over the role's defaults (per-user grants and revokes)", () => {
    const granted = { ...user('FINANCIAL_ASSISTANT'), permissions: ['financeiro', 'remessa_pagamentos'] };
    expect(holds(user('FINANCIAL_ASSISTANT'), 'remessa_pagamentos')).toBe(false);
    expect(holds(granted, 'remessa_pagamentos')).toBe(true);
    const revoked = { ...user('ADMIN'), permissions: ['usuarios_ler'] };
    expect(holds(user('ADMIN'), 'auditoria_ler')).toBe(true);
    expect(holds(revoked, 'auditoria_ler')).toBe(false);
    // Still nothing for a user without a role, and nothing the catalog does not declare.
    expect(holds({ ...user(null), permissions: ['financeiro'] }, 'financeiro')).toBe(false);
    expect(holds({ ...user('ADMIN'), permissions: ['nao-existe'] }, 'nao-existe')).toBe(false);
  });

  it('every rule that applies comes in the server order', () => {
    expect(routeRulesFor('/hub/despachos').map((r) => r.permission)).toEqual(['hub', 'despachos_ver']);
    expect(routeRulesFor('/pagamentos-remessa').map((r) => r.permission)).toEqual(['remessa_pagamentos']);
    expect(routeRulesFor('/hubble')).toEqual([]);
    expect(roleRedirectFor('/inicio', 'LEGAL_ASSISTANT')).toBe('/clientes');
    expect(roleRedirectFor('/inicio', 'ADMIN')).toBeNull();
  });

  it('every permission a rule names is declared', () => {
    for (const rule of ACCESS.routeRules) expect(ACCESS.permissions[rule.permission]).toBeDefined();
  });

  it('the guard follows whatever the declarations say', () => {
    // A rule the server might add: the guard needs no change to enforce it.
    const rules: AccessRules = {
      ...ACCESS,
      routeRules: [
        ...ACCESS.routeRules,
        { match: { kind: 'exact', paths: ['/pedidos-de-compras'] }, except: null, permission: 'financeiro', check: 'client', deniedTo: '/inicio', audited: false },
      ],
    };
    expect(routeRulesFor('/pedidos-de-compras', rules)).toHaveLength(1);
    expect(holds(user('STOCK_KEEPER'), 'financeiro', rules)).toBe(false);
    expect(decideNavigation({ pathname: '/pagamentos', search: '', user: user('STOCK_KEEPER') })).toEqual({
      kind: 'redirect',
      to: '/minhas-vendas',
      denied: true,
    });
  });

  it('says in words what a path needs', () => {
    expect(requiredPermissionLabels('/pagamentos')).toEqual(['acessar pagamentos e recebimentos']);
    expect(requiredPermissionLabels('/hub/despachos')).toEqual(['acessar o hub', 'ver despachos']);
    expect(requiredPermissionLabels('/remessa')).toEqual(['gerar remessas de cobrança']);
    expect(requiredPermissionLabels('/clientes')).toEqual([]);
  });
});
