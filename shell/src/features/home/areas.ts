import { mayOpen, type GuardUser } from '@backoffice/auth';

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
  {
    name: 'Administração',
    links: [
      { path: '/admin/usuarios', label: 'Usuários' },
      { path: '/admin/auditoria', label: 'Auditoria de acesso' },
      { path: '/admin/tarefas', label: 'Tarefas' },
      { path: '/admin/feriados', label: 'Feriados' },
    ],
  },
];

/**
 * The areas with only the links the user can open: the same rule as the menu (`mayOpen`), so /inicio never
 * offers a page that bounces (pages the server decides follow the declared role defaults).
 */
export function visibleAreas(user: GuardUser): Area[] {
  return AREAS.map((area) => ({ ...area, links: area.links.filter((link) => mayOpen(link.path, user)) })).filter(
    (area) => area.links.length > 0,
  );
}
