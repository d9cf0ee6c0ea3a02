/**
 * The one route table: every route of the seed, the app that owns it, its area (the menu group and the first
 * breadcrumb), whether it renders inside the layout, and its title. The shell routes by it and builds its menu
 * and breadcrumbs from it; each remote builds its page map from its own rows; docs/routes.md is generated from
 * it (`node scripts/web-routes-doc.mjs`).
 */
export type AppName = 'shell' | 'finance' | 'crm' | 'stock' | 'purchasing';

/** Where a page belongs for people: the menu groups it, the breadcrumbs start with it. */
export type AreaName =
  | 'Início'
  | 'Vendas e CRM'
  | 'Financeiro'
  | 'Comissões'
  | 'Compras'
  | 'Estoque'
  | 'Hub'
  | 'Integrações'
  | 'Administração';

/** The menu's groups, in order. The "Início" pages are the menu's first links, outside any group. */
export const MENU_AREAS: readonly AreaName[] = [
  'Vendas e CRM',
  'Financeiro',
  'Comissões',
  'Compras',
  'Estoque',
  'Hub',
  'Integrações',
  'Administração',
];

export interface RouteEntry {
  path: string;
  app: AppName;
  area: AreaName;
  layout: boolean;
  title: string;
  /**
   * A page reached from another one (a detail or a step: `/cliente?id=…` from `/clientes`): not in the menu,
   * its breadcrumbs go through the parent, and the parent stays highlighted in the menu.
   */
  parent?: string;
}

type Row = [path: string, title: string, options?: { layout?: false; parent?: string }];

const rows = (app: AppName, area: AreaName, list: Row[]): RouteEntry[] =>
  list.map(([path, title, options = {}]) => ({
    path,
    app,
    area,
    title,
    layout: options.layout ?? true,
    ...(options.parent ? { parent: options.parent } : {}),
  }));

const NO_LAYOUT = { layout: false } as const;

/**
 * Areas: by the owning app and the path. Commissions (`/comissoes…`, `/minhas-comissoes`) and the hub are their
 * own groups inside finance; Bling, Shopify and the CRM plugin are integrations; the registers under a
 * `/backoffice/` segment (chart of accounts, procedure cost base, sales catalog) are administration.
 */
export const ROUTES: readonly RouteEntry[] = [
  ...rows('shell', 'Início', [
    ['/', 'Entrar', NO_LAYOUT],
    ['/entrar', 'Entrar', NO_LAYOUT],
    ['/reset-senha', 'Redefinir senha', NO_LAYOUT],
    ['/inicio', 'Início'],
    ['/perfil', 'Meu perfil'],
  ]),
  // The product's own administration pages (not in the seed), in the shell; first in their menu group.
  ...rows('shell', 'Administração', [
    ['/admin/usuarios', 'Usuários'],
    ['/admin/auditoria', 'Auditoria de acesso'],
    ['/admin/tarefas', 'Tarefas'],
    ['/admin/feriados', 'Feriados'],
  ]),
  ...rows('finance', 'Financeiro', [
    ['/pagamentos', 'Pagamentos'],
    ['/recebimentos', 'Recebimentos'],
    ['/recebimentos-por-periodo', 'Recebimentos por período'],
    ['/remessa', 'Remessa de cobrança'],
    ['/remessas', 'Remessas'],
    ['/pagamentos-remessa', 'Remessa de pagamentos'],
    ['/conciliacao', 'Conciliação'],
    ['/upload-file', 'Envio de arquivo'],
    ['/upload-pagamentos', 'Envio de pagamentos'],
    ['/boletos', 'Boletos'],
    ['/boletos/detalhes', 'Detalhes do boleto', { parent: '/boletos' }],
    ['/cancelamentos', 'Cancelamentos'],
    ['/contas-a-pagar', 'Contas a pagar'],
    ['/contas-a-pagar-legado', 'Contas a pagar (legado)'],
    ['/pagamento-lote', 'Pagamentos em lote'],
    ['/novo-pagamento-lote', 'Novo pagamento em lote', { parent: '/pagamento-lote' }],
  ]),
  ...rows('finance', 'Comissões', [
    ['/comissoes', 'Comissões'],
    ['/comissoes/nf', 'Comissões — notas fiscais'],
    ['/comissoes/payment', 'Comissões — pagamento'],
    ['/comissoes/usuarios', 'Comissões — usuários'],
    ['/comissoes/relatorio', 'Comissões — relatório'],
    ['/comissoes/validation', 'Comissões — validação'],
    ['/comissoes/commissoes-status', 'Comissões — situação'],
    ['/minhas-comissoes', 'Minhas comissões'],
  ]),
  ...rows('finance', 'Administração', [['/backoffice/financeiro/planos-de-conta', 'Planos de conta']]),
  ...rows('stock', 'Hub', [
    ['/hub', 'Hub'],
    ['/hub/despachos', 'Despachos'],
    ['/hub/despachos/aprovacoes', 'Aprovação de despachos'],
  ]),
  ...rows('crm', 'Vendas e CRM', [
    ['/timer', 'Cronômetro', NO_LAYOUT],
    ['/resumo-temporario', 'Resumo temporário', NO_LAYOUT],
    ['/blackfriday', 'Black Friday', NO_LAYOUT],
    ['/clientes', 'Clientes'],
    ['/cliente', 'Cliente', { parent: '/clientes' }],
    ['/crm', 'CRM'],
    ['/crmDev', 'Laboratório do CRM'],
    ['/crm/times', 'Times'],
    ['/crm/times/comparar', 'Comparar times', { parent: '/crm/times' }],
    ['/crm/times/detalhes', 'Detalhes do time', { parent: '/crm/times' }],
    ['/crm/usuarios', 'Usuários do CRM'],
    ['/crm/usuarios/detalhes', 'Detalhes do usuário', { parent: '/crm/usuarios' }],
    ['/crm/marketing/links', 'Links de marketing'],
    ['/crm/atividades', 'Atividades'],
    ['/crm/atividades/cadencias', 'Cadências'],
    ['/venda', 'Venda'],
    ['/minhas-vendas', 'Minhas vendas'],
    ['/vendas-produtos', 'Vendas por produto'],
    ['/follow-up-pedidos', 'Follow-up de pedidos'],
    ['/dashboard', 'Painel'],
    ['/assinaturas', 'Assinaturas'],
    ['/assinaturas/detalhes', 'Detalhes da assinatura', { parent: '/assinaturas' }],
  ]),
  ...rows('crm', 'Integrações', [
    ['/crm/plugin', 'Plugin do CRM', NO_LAYOUT],
    ['/bling', 'Bling'],
    ['/bling-auth', 'Autorização do Bling', { parent: '/bling' }],
    ['/shopify', 'Shopify'],
  ]),
  ...rows('stock', 'Estoque', [
    ['/estoque/inventario', 'Inventário'],
    ['/estoque/cadastro-materiais', 'Cadastro de materiais'],
    ['/estoque/visao-geral', 'Visão Geral do Estoque'],
    ['/estoque/movimentacao-estoque', 'Movimentação de Estoque'],
  ]),
  ...rows('stock', 'Administração', [['/estoque/backoffice/base-calculo-procedimentos', 'Base de cálculo de procedimentos']]),
  // The sales catalog is a register kept by administrators and read by the sales, legal and finance roles: under
  // `/backoffice/<área>/` like the chart of accounts and the procedure cost base, owned by the sales app.
  ...rows('crm', 'Administração', [['/backoffice/vendas/catalogo', 'Catálogo de vendas']]),
  // Suppliers are kept by finance (their bank data is a payment's payee) and read by purchasing: a finance page
  // in the purchasing menu group.
  ...rows('finance', 'Compras', [['/fornecedores', 'Fornecedores']]),
  ...rows('purchasing', 'Compras', [
    ['/pedidos-de-compras', 'Pedidos de compras'],
    ['/requisicoes-de-compras', 'Requisições de compras'],
    ['/condicoes-pagamento', 'Condições de pagamento'],
    ['/previsao-de-compras', 'Previsão de compras'],
  ]),
];

/** Page descriptions the seed gives (used as the page's subtitle). */
export const ROUTE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/estoque/visao-geral': 'Visão geral completa do estoque com métricas e análises por localização',
};

const byPath = new Map(ROUTES.map((entry) => [entry.path, entry]));

/** Routes have no path parameters, so matching is exact (a trailing slash is tolerated). */
export function findRoute(pathname: string): RouteEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(normalized);
}

export function routesOf(app: AppName): RouteEntry[] {
  return ROUTES.filter((entry) => entry.app === app);
}

/** The routes the menu lists: inside the layout, not reached from another page. */
export function menuRoutes(): RouteEntry[] {
  return ROUTES.filter((entry) => entry.layout && !entry.parent);
}

/** The menu's label: "Comissões — notas fiscais" is "Notas fiscais" inside the Comissões group. */
export function menuLabel(route: RouteEntry): string {
  const prefix = `${route.area} — `;
  if (!route.title.startsWith(prefix)) return route.title;
  const rest = route.title.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export interface Breadcrumb {
  label: string;
  /** The page it opens; none for the area itself and for the current page. */
  path?: string;
}

/** Area › (parent page ›) page. The Início area links to /inicio; /inicio itself is just "Início". */
export function breadcrumbsOf(route: RouteEntry): Breadcrumb[] {
  if (route.path === '/inicio') return [{ label: route.title }];
  const area: Breadcrumb = route.area === 'Início' ? { label: 'Início', path: '/inicio' } : { label: route.area };
  const parent = route.parent ? findRoute(route.parent) : undefined;
  return [area, ...(parent ? [{ label: parent.title, path: parent.path }] : []), { label: route.title }];
}

/** What the browser tab says: "Clientes · Backoffice". */
export const APP_NAME = 'Backoffice';
export function documentTitle(pageTitle: string): string {
  return `${pageTitle} · ${APP_NAME}`;
}

/** What the shell passes to every page. */
export interface PageProps {
  route: RouteEntry;
  description?: string;
}

/** A remote's `./pages` module exports `pages`: one component per route it owns. */
export type PageMap<C> = Record<string, C>;

export function descriptionOf(path: string): string | undefined {
  return ROUTE_DESCRIPTIONS[path];
}
