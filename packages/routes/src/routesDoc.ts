import { ROUTES, type AppName, type RouteEntry } from './index';

const APP_DIRS: Record<AppName, string> = {
  shell: 'shell',
  finance: 'mfe-finance',
  crm: 'mfe-crm',
  stock: 'mfe-stock',
  purchasing: 'mfe-purchasing',
};

export const BUILT = 'built';
export const UNDER_CONSTRUCTION = 'Em construção';

/**
 * What each page is today; a route not listed is "Em construção". A page that shows "Em construção" must not be
 * `built` here, whatever else is done around it (routesDoc.test.ts renders every page to check).
 */
const STATES: Readonly<Record<string, string>> = {
  '/': BUILT,
  '/entrar': BUILT,
  '/reset-senha': BUILT,
  '/inicio': BUILT,
  '/perfil': BUILT,
  '/clientes': BUILT,
  '/cliente': BUILT,
  '/crm': BUILT,
  '/crmDev': BUILT,
  '/crm/marketing/links': BUILT,
  '/crm/atividades': BUILT,
  '/crm/atividades/cadencias': BUILT,
  '/timer': BUILT,
  '/blackfriday': BUILT,
  '/crm/times': BUILT,
  '/crm/times/comparar': BUILT,
  '/crm/times/detalhes': BUILT,
  '/crm/usuarios': BUILT,
  '/crm/usuarios/detalhes': BUILT,
  '/crm/plugin': BUILT,
  '/admin/usuarios': BUILT,
  '/admin/auditoria': BUILT,
  '/admin/tarefas': BUILT,
  '/admin/feriados': BUILT,
  '/fornecedores': BUILT,
  '/estoque/cadastro-materiais': BUILT,
  '/estoque/movimentacao-estoque': BUILT,
  '/estoque/inventario': BUILT,
  '/estoque/visao-geral': BUILT,
  '/estoque/backoffice/base-calculo-procedimentos': BUILT,
  '/backoffice/vendas/catalogo': BUILT,
  '/minhas-vendas': BUILT,
  '/venda': BUILT,
  '/resumo-temporario': BUILT,
  '/vendas-produtos': BUILT,
  '/dashboard': BUILT,
  '/follow-up-pedidos': BUILT,
  '/boletos': BUILT,
  '/boletos/detalhes': BUILT,
  '/remessa': BUILT,
  '/remessas': BUILT,
  '/contas-a-pagar': BUILT,
  '/pagamentos': BUILT,
  '/recebimentos': BUILT,
  '/recebimentos-por-periodo': BUILT,
  '/conciliacao': BUILT,
  '/backoffice/financeiro/planos-de-conta': BUILT,
  '/hub': BUILT,
  '/hub/despachos': BUILT,
  '/hub/despachos/aprovacoes': BUILT,
};

export function routeState(path: string): string {
  return STATES[path] ?? UNDER_CONSTRUCTION;
}

function menuCell(route: RouteEntry): string {
  if (!route.layout) return 'no';
  return route.parent ? `under \`${route.parent}\`` : 'yes';
}

/** docs/routes.md, generated from the route table so the two cannot drift (a unit test compares them). */
export function renderRoutesDoc(): string {
  const lines = [
    '# Routes → apps',
    '',
    'Generated from `packages/routes/src/index.ts` by `node scripts/web-routes-doc.mjs`; a unit test fails when',
    'this file and the table differ. "Layout: no" routes render without the header and menu. "Em construção"',
    'pages say so explicitly and show no data; later issues build them (the access rules of a route apply',
    'whatever its state). Only pages that show no "Em construção" are `built`: the test renders every page to',
    'check. Detail pages take their identifier as a query parameter (`/cliente?id=…`).',
    '',
    'Area: the menu group and the first breadcrumb. Menu: the layout pages are listed in the menu under their area,',
    'to the people who can open them (`mayOpen`, packages/auth); a page reached from another one is not listed and',
    'its breadcrumbs go through that page ("under …"). The browser tab says "{Title} · Backoffice".',
    'Registers kept by administrators and read by the roles of an area live under a `/backoffice/` segment in the',
    'Administração group: the chart of accounts, the procedure cost base and the sales catalog',
    '(`/backoffice/vendas/catalogo`, not in the seed: issue 14 asked for it; owned by mfe-crm, the sales app).',
    '',
    '| Route | App | Area | Layout | Menu | Title | State |',
    '|---|---|---|---|---|---|---|',
    ...ROUTES.map(
      (r) =>
        `| \`${r.path}\` | ${APP_DIRS[r.app]} | ${r.area} | ${r.layout ? 'yes' : 'no'} | ${menuCell(r)} | ${r.title} | ${routeState(r.path)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
