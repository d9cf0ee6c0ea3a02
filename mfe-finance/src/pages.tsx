import { routesOf, type PageProps } from '@backoffice/routes';
import { UnderConstructionPage } from '@backoffice/ui';
import { lazy, type ComponentType } from 'react';

/**
 * Every route this area owns. The business features arrive in later issues; until then each page says
 * "Em construção" (no fake data).
 */
const FinanceRegistersPage = lazy(() => import(/* webpackChunkName: "finance-registers" */ './app/FinanceRegistersPage'));
const ReceivablesPage = lazy(() => import(/* webpackChunkName: "receivables" */ './features/receivables/components/ReceivablesPage'));
const ReceivablesReportsPage = lazy(
  () => import(/* webpackChunkName: "receivables-reports" */ './features/receivables-reports/components/ReceivablesReportsPage'),
);
const PayablesPage = lazy(() => import(/* webpackChunkName: "payables" */ './features/payables/components/PayablesPage'));
const PaymentsPage = lazy(() => import(/* webpackChunkName: "payments" */ './features/payables/components/PaymentsPage'));
const BoletosPage = lazy(() => import(/* webpackChunkName: "boletos" */ './features/boletos/components/BoletosPage'));
const BoletoDetailPage = lazy(() => import(/* webpackChunkName: "boleto-detail" */ './features/boletos/components/BoletoDetailPage'));
const RemittancePage = lazy(() => import(/* webpackChunkName: "remittance" */ './features/remittances/components/RemittancePage'));
const RemittancesPage = lazy(() => import(/* webpackChunkName: "remittances" */ './features/remittances/components/RemittancesPage'));
const ReconciliationPage = lazy(() => import(/* webpackChunkName: "reconciliation" */ './features/reconciliation/components/ReconciliationPage'));
const SuppliersPage = lazy(() => import(/* webpackChunkName: "suppliers" */ './features/suppliers/components/SuppliersPage'));

const built: Record<string, ComponentType<PageProps>> = {
  '/backoffice/financeiro/planos-de-conta': FinanceRegistersPage,
  '/contas-a-pagar': PayablesPage,
  '/recebimentos-por-periodo': ReceivablesReportsPage,
  '/boletos': BoletosPage,
  '/boletos/detalhes': BoletoDetailPage,
  '/fornecedores': SuppliersPage,
  '/remessa': RemittancePage,
  '/remessas': RemittancesPage,
  '/pagamentos': PaymentsPage,
  '/recebimentos': ReceivablesPage,
  '/conciliacao': ReconciliationPage,
};

export const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  routesOf('finance').map((route) => [route.path, built[route.path] ?? UnderConstructionPage]),
);
