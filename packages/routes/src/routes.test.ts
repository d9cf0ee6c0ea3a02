import { findRoute, ROUTES, routesOf } from './index';

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

describe('route table', () => {
  it('has every seed route exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SEED_ROUTES].sort());
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
