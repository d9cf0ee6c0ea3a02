import type { GuardUser } from '@backoffice/auth';
import { activeMenuPath, menuFor } from './navigation';

const noFlags = { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false };
const user = (role: string, extra: Partial<GuardUser> = {}): GuardUser => ({ role, role_id: noFlags, access_hub: false, is_password_updated: true, ...extra });
const paths = (u: GuardUser) => {
  const menu = menuFor(u);
  return [...menu.top, ...menu.groups.flatMap((g) => g.links)].map((l) => l.path);
};
const areas = (u: GuardUser) => menuFor(u).groups.map((g) => g.area);

describe('the menu', () => {
  it('starts with Início and Meu perfil, then the areas in their order', () => {
    const menu = menuFor(user('ADMIN'));
    expect(menu.top.map((l) => l.label)).toEqual(['Início', 'Meu perfil']);
    expect(areas(user('ADMIN'))).toEqual(['Vendas e CRM', 'Financeiro', 'Comissões', 'Compras', 'Estoque', 'Integrações', 'Administração']);
  });
  it('shows a salesperson no payments and no remittances (the server would refuse them)', () => {
    const listed = paths(user('SALESPERSON'));
    expect(listed).toContain('/clientes');
    expect(listed).toContain('/cancelamentos');
    for (const path of ['/pagamentos', '/recebimentos', '/recebimentos-por-periodo', '/remessa', '/remessas', '/pagamentos-remessa', '/conciliacao', '/hub']) expect(listed).not.toContain(path);
  });
  it('shows a finance manager the remittances and payments', () => {
    expect(paths(user('FINANCIAL_MANAGER'))).toEqual(expect.arrayContaining(['/pagamentos', '/recebimentos', '/remessa', '/pagamentos-remessa']));
  });
  it('shows the hub group with only the parts the flags allow', () => {
    const hub = (u: GuardUser) => menuFor(u).groups.find((g) => g.area === 'Hub')?.links.map((l) => l.path);
    expect(hub(user('SALESPERSON'))).toBeUndefined();
    expect(hub(user('SALESPERSON', { access_hub: true }))).toEqual(['/hub']);
    expect(hub(user('SALESPERSON', { access_hub: true, role_id: { ...noFlags, can_see_dispatch: true } }))).toEqual(['/hub', '/hub/despachos']);
  });
  it('does not offer a legal assistant /inicio or /minhas-vendas (the guard sends them to /clientes)', () => {
    const listed = paths(user('LEGAL_ASSISTANT'));
    expect(listed).not.toContain('/inicio');
    expect(listed).not.toContain('/minhas-vendas');
    expect(listed).toContain('/clientes');
  });
  it('never lists detail pages; they highlight their parent', () => {
    expect(paths(user('ADMIN'))).not.toContain('/cliente');
    expect(activeMenuPath('/cliente')).toBe('/clientes');
    expect(activeMenuPath('/clientes')).toBe('/clientes');
    expect(activeMenuPath('/nada')).toBeUndefined();
  });
});
