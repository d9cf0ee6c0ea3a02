import type { GuardUser } from '@backoffice/auth';
import { visibleAreas } from './areas';

const noFlags = { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false };
const base: GuardUser = {
  role: 'SALESPERSON',
  role_id: noFlags,
  access_hub: false,
  is_password_updated: true,
};

describe('areas on /inicio', () => {
  const paths = (user: GuardUser) => visibleAreas(user).flatMap((a) => a.links.map((l) => l.path));

  it('hide payments from a salesperson and show clients', () => {
    expect(paths(base)).not.toContain('/pagamentos');
    expect(paths(base)).toContain('/clientes');
  });
  it('offer the remittance pages the server decides only to the roles the declarations give them', () => {
    expect(paths(base)).not.toContain('/remessa');
    expect(paths(base)).not.toContain('/pagamentos-remessa');
    expect(paths({ ...base, role: 'FINANCIAL_MANAGER' })).toEqual(expect.arrayContaining(['/pagamentos', '/remessa', '/pagamentos-remessa']));
  });
  it('show the hub only with access_hub and dispatch only with its flag', () => {
    expect(visibleAreas(base).some((a) => a.name === 'Hub')).toBe(false);
    const hubUser = { ...base, access_hub: true, role_id: { ...noFlags, can_see_dispatch: true } };
    const hub = visibleAreas(hubUser).find((a) => a.name === 'Hub');
    expect(hub?.links.map((l) => l.path)).toEqual(['/hub', '/hub/despachos']);
  });
  it('show conciliation only with can_see_conciliation', () => {
    expect(paths({ ...base, role: 'ADMIN' })).not.toContain('/conciliacao');
    expect(paths({ ...base, role_id: { ...noFlags, can_see_conciliation: true } })).toContain('/conciliacao');
  });
  it('offer the administration pages to administrators only (a finance manager gets holidays only if granted)', () => {
    const admin = visibleAreas({ ...base, role: 'ADMIN' }).find((a) => a.name === 'Administração');
    expect(admin?.links.map((l) => l.path)).toEqual(['/admin/usuarios', '/admin/auditoria', '/admin/tarefas', '/admin/feriados']);
    expect(visibleAreas({ ...base, role: 'SUPER_ADMIN' }).some((a) => a.name === 'Administração')).toBe(true);
    expect(visibleAreas(base).some((a) => a.name === 'Administração')).toBe(false);
    const manager = visibleAreas({ ...base, role: 'FINANCIAL_MANAGER' }).find((a) => a.name === 'Administração');
    expect(manager?.links.map((l) => l.path) ?? []).not.toContain('/admin/feriados');
    const granted = { ...base, role: 'FINANCIAL_MANAGER', permissions: ['autenticado', 'financeiro', 'feriados_gerenciar'] };
    const grantedAdmin = visibleAreas(granted).find((a) => a.name === 'Administração');
    expect(grantedAdmin?.links.map((l) => l.path)).toContain('/admin/feriados');
  });
});
