import { routesOf, type PageProps } from '@backoffice/routes';
import { UnderConstructionPage } from '@backoffice/ui';
import { lazy, type ComponentType } from 'react';

/** Every route this area owns; built pages are lazy chunks, the rest say "Em construção" (no fake data). */
const built: Record<string, ComponentType<PageProps>> = {
  '/crm': lazy(() => import(/* webpackChunkName: "funnel" */ './app/FunnelWithAgenda')),
  '/clientes': lazy(() => import(/* webpackChunkName: "clients" */ './features/clients/components/ClientsPage')),
  '/cliente': lazy(() => import(/* webpackChunkName: "client" */ './app/ClientWithActivities')),
  '/crm/times': lazy(() => import(/* webpackChunkName: "teams" */ './features/teams/components/TeamsPage')),
  '/crm/times/comparar': lazy(() => import(/* webpackChunkName: "teams-compare" */ './features/teams/components/ComparePage')),
  '/crm/times/detalhes': lazy(() => import(/* webpackChunkName: "team" */ './features/teams/components/TeamPage')),
  '/crm/usuarios': lazy(() => import(/* webpackChunkName: "crm-users" */ './features/crm-users/components/CrmUsersPage')),
  '/crm/usuarios/detalhes': lazy(() => import(/* webpackChunkName: "crm-user" */ './features/crm-users/components/CrmUserPage')),
  '/crm/plugin': lazy(() => import(/* webpackChunkName: "plugin" */ './features/plugin/components/PluginPage')),
  '/crm/atividades/cadencias': lazy(() => import(/* webpackChunkName: "cadences" */ './features/cadences/components/CadencesPage')),
  '/blackfriday': lazy(() => import(/* webpackChunkName: "campaign-room" */ './features/campaign-room/components/CampaignRoomPage')),
  '/timer': lazy(() => import(/* webpackChunkName: "timer" */ './features/timer/components/TimerPage')),
  '/crm/atividades': lazy(() => import(/* webpackChunkName: "activities" */ './features/activities/components/ActivitiesPage')),
  '/crmDev': lazy(() => import(/* webpackChunkName: "crm-lab" */ './features/lab/components/LabPage')),
  '/crm/marketing/links': lazy(() => import(/* webpackChunkName: "marketing-links" */ './features/marketing-links/components/MarketingLinksPage')),
  '/dashboard': lazy(() => import(/* webpackChunkName: "dashboard" */ './features/dashboard/components/DashboardPage')),
  '/minhas-vendas': lazy(() => import(/* webpackChunkName: "my-sales" */ './features/my-sales/components/MySalesPage')),
  '/vendas-produtos': lazy(() => import(/* webpackChunkName: "product-sales" */ './features/product-sales/components/ProductSalesPage')),
  '/resumo-temporario': lazy(() => import(/* webpackChunkName: "proposal-summary" */ './features/proposal-summary/components/ProposalSummaryPage')),
  '/follow-up-pedidos': lazy(() => import(/* webpackChunkName: "follow-up" */ './features/follow-up/components/FollowUpPage')),
  '/venda': lazy(() => import(/* webpackChunkName: "sale" */ './features/sale/components/SalePage')),
  '/backoffice/vendas/catalogo': lazy(() => import(/* webpackChunkName: "sales-catalog" */ './features/sales-catalog/components/CatalogPage')),
};

export const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  routesOf('crm').map((route) => [route.path, built[route.path] ?? UnderConstructionPage]),
);
