import { routesOf, type PageProps } from '@backoffice/routes';
import { UnderConstructionPage } from '@backoffice/ui';
import { lazy, type ComponentType } from 'react';

/** Every route this area owns; built pages are lazy chunks, the rest say "Em construção" (no fake data). */
const built: Record<string, ComponentType<PageProps>> = {
  '/estoque/backoffice/base-calculo-procedimentos': lazy(() => import(/* webpackChunkName: "boms" */ './features/boms/components/BomsPage')),
  '/estoque/cadastro-materiais': lazy(() => import(/* webpackChunkName: "materials" */ './features/materials/components/MaterialsPage')),
  '/estoque/inventario': lazy(() => import(/* webpackChunkName: "counts" */ './features/counts/components/CountsPage')),
  '/estoque/visao-geral': lazy(() => import(/* webpackChunkName: "overview" */ './features/overview/components/OverviewPage')),
  '/estoque/movimentacao-estoque': lazy(() => import(/* webpackChunkName: "movements" */ './features/movements/components/MovementsPage')),
  '/hub': lazy(() => import(/* webpackChunkName: "hub" */ './features/hub/components/HubPage')),
  '/hub/despachos': lazy(() => import(/* webpackChunkName: "dispatches" */ './features/dispatches/components/DispatchesPage')),
  '/hub/despachos/aprovacoes': lazy(() => import(/* webpackChunkName: "dispatch-approvals" */ './features/dispatches/components/ApprovalsPage')),
};

export const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  routesOf('stock').map((route) => [route.path, built[route.path] ?? UnderConstructionPage]),
);
