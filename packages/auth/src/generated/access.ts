// Gerado por `backoffice web-access` a partir das declarações do servidor (crates/*/src/permissions.rs,
// platform::access): não edite. O teste the_web_guard_rules_are_current falha se ele ficar desatualizado.

import type { AccessRules } from '../accessRules';

export const ACCESS: AccessRules = {
  permissions: {
    autenticado: { label: 'estar autenticado', roles: ['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'LEGAL_ASSISTANT', 'ADMIN', 'SUPER_ADMIN', 'SALESPERSON', 'SALES_MANAGER', 'PURCHASING', 'STOCK_KEEPER'], flag: null },
    financeiro: { label: 'acessar pagamentos e recebimentos', roles: ['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN'], flag: null },
    remessa_cobranca: { label: 'gerar remessas de cobrança', roles: ['FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN'], flag: null },
    remessa_pagamentos: { label: 'gerar remessas de pagamento', roles: ['FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN'], flag: null },
    conciliacao: { label: 'acessar a conciliação bancária', roles: [], flag: 'role_id.can_see_conciliation' },
    hub: { label: 'acessar o hub', roles: [], flag: 'access_hub' },
    despachos_ver: { label: 'ver despachos', roles: [], flag: 'role_id.can_see_dispatch' },
    despachos_aprovar: { label: 'aprovar despachos', roles: [], flag: 'role_id.can_approval_dispatch' },
    usuarios_ler: { label: 'consultar outros usuários', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    usuarios_gerenciar: { label: 'administrar usuários', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    auditoria_ler: { label: 'consultar a auditoria de acessos', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    permissoes_gerenciar: { label: 'alterar as permissões dos papéis e dos usuários', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    tarefas_administrar: { label: 'administrar as tarefas em segundo plano', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    feriados_gerenciar: { label: 'cadastrar feriados', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    arquivos_todos: { label: 'baixar arquivos enviados por outras pessoas', roles: ['ADMIN', 'SUPER_ADMIN'], flag: null },
    clientes_ler: { label: 'consultar clientes', roles: ['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'LEGAL_ASSISTANT', 'ADMIN', 'SUPER_ADMIN', 'SALESPERSON', 'SALES_MANAGER', 'PURCHASING', 'STOCK_KEEPER'], flag: null },
    clientes_editar: { label: 'cadastrar e editar clientes', roles: ['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'LEGAL_ASSISTANT', 'ADMIN', 'SUPER_ADMIN', 'SALESPERSON', 'SALES_MANAGER'], flag: null },
    clientes_arquivar: { label: 'arquivar e restaurar clientes', roles: ['FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN', 'SALES_MANAGER'], flag: null },
    financeiro_cadastros_ler: { label: 'consultar plano de contas, centros de custo, contas bancárias e convênios', roles: ['FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN', 'PURCHASING'], flag: null },
    financeiro_cadastros_editar: { label: 'editar plano de contas, centros de custo, contas bancárias e convênios', roles: ['FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN'], flag: null },
    financeiro_alcada_definir: { label: 'definir a alçada de aprovação', roles: ['SUPER_ADMIN'], flag: null },
  },
  routeRules: [
    { match: { kind: 'exact', paths: ['/pagamentos', '/recebimentos'] }, except: null, permission: 'financeiro', check: 'client', deniedTo: '/minhas-vendas', audited: false },
    { match: { kind: 'contains', text: '/pagamentos-remessa' }, except: null, permission: 'remessa_pagamentos', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'contains', text: '/conciliacao' }, except: null, permission: 'conciliacao', check: 'client', deniedTo: '/inicio', audited: false },
    { match: { kind: 'contains', text: '/remessa' }, except: { kind: 'contains', text: '/pagamentos-remessa' }, permission: 'remessa_cobranca', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'section', root: '/hub' }, except: null, permission: 'hub', check: 'hub', deniedTo: '/inicio', audited: false },
    { match: { kind: 'section', root: '/hub/despachos' }, except: { kind: 'section', root: '/hub/despachos/aprovacoes' }, permission: 'despachos_ver', check: 'hub', deniedTo: '/hub', audited: true },
    { match: { kind: 'section', root: '/hub/despachos/aprovacoes' }, except: null, permission: 'despachos_aprovar', check: 'hub', deniedTo: '/hub', audited: true },
    { match: { kind: 'exact', paths: ['/admin/usuarios'] }, except: null, permission: 'usuarios_gerenciar', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'exact', paths: ['/admin/auditoria'] }, except: null, permission: 'auditoria_ler', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'exact', paths: ['/admin/tarefas'] }, except: null, permission: 'tarefas_administrar', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'exact', paths: ['/admin/feriados'] }, except: null, permission: 'feriados_gerenciar', check: 'server', deniedTo: '/inicio', audited: false },
    { match: { kind: 'exact', paths: ['/backoffice/financeiro/planos-de-conta'] }, except: null, permission: 'financeiro_cadastros_ler', check: 'client', deniedTo: '/inicio', audited: false },
  ],
  roleRedirects: [
    { role: 'LEGAL_ASSISTANT', paths: ['/minhas-vendas', '/inicio'], to: '/clientes' },
  ],
};
