import { breadcrumbsOf, documentTitle, findRoute, MENU_AREAS, menuLabel, menuRoutes, ROUTES, routesOf, type RouteEntry } from './index';

// Copied from the seed's route list (section 2) so a route dropped from the table fails here.
const SEED_ROUTES = `/ /timer /crm/plugin /reset-senha /resumo-temporario /blackfriday /bling /venda /crmDev /inicio /perfil
/cliente /clientes /remessa /remessas /shopify /crm /dashboard /bling-auth /pagamentos /conciliacao /upload-file
/fornecedores /recebimentos /boletos /boletos/detalhes /cancelamentos /minhas-vendas /contas-a-pagar
/contas-a-pagar-legado /pagamento-lote /novo-pagamento-lote /pagamentos-remessa /upload-pagamentos /comissoes
/comissoes/nf /comissoes/payment /comissoes/usuarios /comissoes/relatorio /comissoes/validation
/comissoes/commissoes-status /minhas-comissoes /crm/times /crm/times/comparar /crm/times/detalhes /crm/usuarios
/crm/usuarios/detalhes /crm/marketing/links /crm/atividades /crm/atividades/cadencias /vendas-produtos /assinaturas
/assinaturas/detalhes /follow-up-pedidos /recebimentos-por-periodo /pedidos-de-compras /requisicoes-de-compras
/condicoes-pagamento /previsao-de-compras /backoffice/financeiro/planos-de-conta /estoque/inventario
/estoque/cadastro-materiais /estoque/visao-geral /estoque/movimentacao-estoque
/estoque/backoffice/base-calculo-procedimentos /entrar /hub /hub/despachos /hub/despachos/aprovacoes`.split(/\s+/);
// The product's own pages, beyond the seed's.
const PRODUCT_ROUTES = ['/admin/usuarios', '/admin/auditoria', '/admin/tarefas', '/admin/feriados'];
// Pages later issues add to the table (issue 14: the sales catalog's admin page, in the crm app).
const ISSUE_ROUTES = ['/backoffice/vendas/catalogo'];

describe('route table', () => {
  it("has every seed route and the product's own pages exactly once", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SEED_ROUTES, ...PRODUCT_ROUTES, ...ISSUE_ROUTES].sort());
  });
  it('renders exactly the seed no-layout routes without the layout', () => {
    const noLayout = ROUTES.filter((r) => !r.layout).map((r) => r.path).sort();
    expect(noLayout).toEqual(['/', '/blackfriday', '/crm/plugin', '/entrar', '/reset-senha', '/resumo-temporario', '/timer']);
  });
  it('gives stock pages their seed titles', () => {
    expect(findRoute('/estoque/visao-geral')?.title).toBe('Visão Geral do Estoque');
    expect(findRoute('/estoque/movimentacao-estoque')?.title).toBe('Movimentação de Estoque');
  });
  it('matches exactly, tolerating a trailing slash', () => {
    expect(findRoute('/clientes/')?.path).toBe('/clientes');
    expect(findRoute('/clientes/x')).toBeUndefined();
  });
  it('gives the crm remote the client pages', () => {
    expect(routesOf('crm').map((r) => r.path)).toEqual(expect.arrayContaining(['/clientes', '/cliente']));
  });
});

describe('areas, menu and breadcrumbs', () => {
  const route = (path: string): RouteEntry => {
    const found = findRoute(path);
    if (!found) throw new Error(`sem rota ${path}`);
    return found;
  };
  const areaOf = (path: string) => route(path).area;

  it('puts every menu page in one of the menu areas, in the fixed order, or in Início', () => {
    expect(MENU_AREAS).toEqual(['Vendas e CRM', 'Financeiro', 'Comissões', 'Compras', 'Estoque', 'Hub', 'Integrações', 'Administração']);
    for (const r of menuRoutes()) expect(['Início', ...MENU_AREAS], r.path).toContain(r.area);
  });
  it('decides the area by app and path', () => {
    expect(areaOf('/clientes')).toBe('Vendas e CRM');
    expect(areaOf('/pagamentos')).toBe('Financeiro');
    expect(areaOf('/comissoes/nf')).toBe('Comissões');
    expect(areaOf('/minhas-comissoes')).toBe('Comissões');
    expect(areaOf('/fornecedores')).toBe('Compras');
    expect(areaOf('/estoque/inventario')).toBe('Estoque');
    expect(areaOf('/hub/despachos')).toBe('Hub');
    expect(areaOf('/bling')).toBe('Integrações');
    expect(areaOf('/shopify')).toBe('Integrações');
    expect(areaOf('/backoffice/financeiro/planos-de-conta')).toBe('Administração');
    expect(areaOf('/estoque/backoffice/base-calculo-procedimentos')).toBe('Administração');
    expect(areaOf('/backoffice/vendas/catalogo')).toBe('Administração');
    for (const path of PRODUCT_ROUTES) expect(route(path)).toMatchObject({ app: 'shell', area: 'Administração', layout: true });
    expect(areaOf('/perfil')).toBe('Início');
  });
  it('lists layout pages in the menu, except those reached from another page', () => {
    const listed = menuRoutes().map((r) => r.path);
    expect(listed).toEqual(expect.arrayContaining(['/inicio', '/perfil', '/clientes', '/pagamentos', '/hub']));
    for (const path of ['/', '/entrar', '/reset-senha', '/resumo-temporario', '/timer', '/cliente', '/boletos/detalhes']) expect(listed).not.toContain(path);
    for (const r of ROUTES.filter((x) => x.parent)) expect(findRoute(r.parent ?? '')?.area, r.path).toBe(r.area);
  });
  it('shortens the commission titles inside their group', () => {
    expect(menuLabel(route('/comissoes/nf'))).toBe('Notas fiscais');
    expect(menuLabel(route('/comissoes'))).toBe('Comissões');
    expect(menuLabel(route('/clientes'))).toBe('Clientes');
  });
  it('builds breadcrumbs area › (parent ›) page', () => {
    expect(breadcrumbsOf(route('/clientes'))).toEqual([{ label: 'Vendas e CRM' }, { label: 'Clientes' }]);
    expect(breadcrumbsOf(route('/cliente'))).toEqual([{ label: 'Vendas e CRM' }, { label: 'Clientes', path: '/clientes' }, { label: 'Cliente' }]);
    expect(breadcrumbsOf(route('/perfil'))).toEqual([{ label: 'Início', path: '/inicio' }, { label: 'Meu perfil' }]);
    expect(breadcrumbsOf(route('/inicio'))).toEqual([{ label: 'Início' }]);
  });
  it('titles the browser tab', () => {
    expect(documentTitle('Clientes')).toBe('Clientes · Backoffice');
  });
});
