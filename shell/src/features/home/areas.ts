import { decideHub, decideNavigation, isHubPath, type GuardUser } from '@backoffice/auth';

/** The areas shown on /inicio and in the layout's menu, each with the pages a user can start from. */
export interface AreaLink {
  path: string;
  label: string;
}

export interface Area {
  name: string;
  links: AreaLink[];
}

const AREAS: Area[] = [
  {
    name: 'Financeiro',
    links: [
      { path: '/pagamentos', label: 'Pagamentos' },
      { path: '/recebimentos', label: 'Recebimentos' },
      { path: '/boletos', label: 'Boletos' },
      { path: '/remessa', label: 'Remessa de cobrança' },
      { path: '/pagamentos-remessa', label: 'Remessa de pagamentos' },
      { path: '/conciliacao', label: 'Conciliação' },
      { path: '/contas-a-pagar', label: 'Contas a pagar' },
      { path: '/comissoes', label: 'Comissões' },
    ],
  },
  {
    name: 'Vendas e CRM',
    links: [
      { path: '/clientes', label: 'Clientes' },
      { path: '/minhas-vendas', label: 'Minhas vendas' },
      { path: '/crm', label: 'CRM' },
      { path: '/assinaturas', label: 'Assinaturas' },
    ],
  },
  {
    name: 'Compras',
    links: [
      { path: '/requisicoes-de-compras', label: 'Requisições de compras' },
      { path: '/pedidos-de-compras', label: 'Pedidos de compras' },
      { path: '/fornecedores', label: 'Fornecedores' },
    ],
  },
  {
    name: 'Estoque',
    links: [
      { path: '/estoque/visao-geral', label: 'Visão geral' },
      { path: '/estoque/inventario', label: 'Inventário' },
      { path: '/estoque/movimentacao-estoque', label: 'Movimentação' },
    ],
  },
  {
    name: 'Hub',
    links: [
      { path: '/hub', label: 'Hub' },
      { path: '/hub/despachos', label: 'Despachos' },
      { path: '/hub/despachos/aprovacoes', label: 'Aprovação de despachos' },
    ],
  },
];

/**
 * A link is shown when the guard would let this user in (server-checked pages are shown; the server decides
 * on click). Same rules as navigation, so the menu never offers a page that bounces.
 */
export function userMayOpen(path: string, user: GuardUser): boolean {
  const decision = decideNavigation({ pathname: path, search: '', user });
  if (decision.kind === 'hub') return isHubPath(path) && decideHub(path, user).kind === 'allow';
  return decision.kind === 'allow' || decision.kind === 'server-check';
}

export function visibleAreas(user: GuardUser): Area[] {
  return AREAS.map((area) => ({ ...area, links: area.links.filter((link) => userMayOpen(link.path, user)) })).filter(
    (area) => area.links.length > 0,
  );
}
