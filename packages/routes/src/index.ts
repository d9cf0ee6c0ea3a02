/**
 * The one route table: every route of the seed, the app that owns it, whether it renders inside the layout,
 * and its title. The shell routes by it; each remote builds its page map from its own rows; docs/routes.md is
 * generated from it (`node scripts/web-routes-doc.mjs`).
 */
export type AppName = 'shell' | 'finance' | 'crm' | 'stock' | 'purchasing';

export interface RouteEntry {
  path: string;
  app: AppName;
  layout: boolean;
  title: string;
}

type Row = [path: string, title: string, layout?: boolean];

const rows = (app: AppName, list: Row[]): RouteEntry[] =>
  list.map(([path, title, layout = true]) => ({ path, app, title, layout }));

export const ROUTES: readonly RouteEntry[] = [
  ...rows('shell', [
    ['/', 'Entrar', false],
    ['/entrar', 'Entrar', false],
    ['/reset-senha', 'Redefinir senha', false],
    ['/inicio', 'Início'],
    ['/perfil', 'Meu perfil'],
  ]),
  ...rows('finance', [
    ['/resumo-temporario', 'Resumo temporário', false],
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
    ['/boletos/detalhes', 'Detalhes do boleto'],
    ['/cancelamentos', 'Cancelamentos'],
    ['/contas-a-pagar', 'Contas a pagar'],
    ['/contas-a-pagar-legado', 'Contas a pagar (legado)'],
    ['/pagamento-lote', 'Pagamentos em lote'],
    ['/novo-pagamento-lote', 'Novo pagamento em lote'],
    ['/comissoes', 'Comissões'],
    ['/comissoes/nf', 'Comissões — notas fiscais'],
    ['/comissoes/payment', 'Comissões — pagamento'],
    ['/comissoes/usuarios', 'Comissões — usuários'],
    ['/comissoes/relatorio', 'Comissões — relatório'],
    ['/comissoes/validation', 'Comissões — validação'],
    ['/comissoes/commissoes-status', 'Comissões — situação'],
    ['/minhas-comissoes', 'Minhas comissões'],
    ['/backoffice/financeiro/planos-de-conta', 'Planos de conta'],
    ['/hub', 'Hub'],
    ['/hub/despachos', 'Despachos'],
    ['/hub/despachos/aprovacoes', 'Aprovação de despachos'],
  ]),
  ...rows('crm', [
    ['/timer', 'Cronômetro', false],
    ['/crm/plugin', 'Plugin do CRM', false],
    ['/blackfriday', 'Black Friday', false],
    ['/clientes', 'Clientes'],
    ['/cliente', 'Cliente'],
    ['/crm', 'CRM'],
    ['/crmDev', 'CRM (desenvolvimento)'],
    ['/crm/times', 'Times'],
    ['/crm/times/comparar', 'Comparar times'],
    ['/crm/times/detalhes', 'Detalhes do time'],
    ['/crm/usuarios', 'Usuários do CRM'],
    ['/crm/usuarios/detalhes', 'Detalhes do usuário'],
    ['/crm/marketing/links', 'Links de marketing'],
    ['/crm/atividades', 'Atividades'],
    ['/crm/atividades/cadencias', 'Cadências'],
    ['/venda', 'Venda'],
    ['/minhas-vendas', 'Minhas vendas'],
    ['/vendas-produtos', 'Vendas por produto'],
    ['/dashboard', 'Painel'],
    ['/assinaturas', 'Assinaturas'],
    ['/assinaturas/detalhes', 'Detalhes da assinatura'],
    ['/bling', 'Bling'],
    ['/bling-auth', 'Autorização do Bling'],
    ['/shopify', 'Shopify'],
  ]),
  ...rows('stock', [
    ['/estoque/inventario', 'Inventário'],
    ['/estoque/cadastro-materiais', 'Cadastro de materiais'],
    ['/estoque/visao-geral', 'Visão Geral do Estoque'],
    ['/estoque/movimentacao-estoque', 'Movimentação de Estoque'],
    ['/estoque/backoffice/base-calculo-procedimentos', 'Base de cálculo de procedimentos'],
  ]),
  ...rows('purchasing', [
    ['/fornecedores', 'Fornecedores'],
    ['/pedidos-de-compras', 'Pedidos de compras'],
    ['/requisicoes-de-compras', 'Requisições de compras'],
    ['/condicoes-pagamento', 'Condições de pagamento'],
    ['/previsao-de-compras', 'Previsão de compras'],
    ['/follow-up-pedidos', 'Follow-up de pedidos'],
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
