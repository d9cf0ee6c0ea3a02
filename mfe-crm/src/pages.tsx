import { routesOf, type PageProps } from '@backoffice/routes';
import { UnderConstructionPage } from '@backoffice/ui';
import { lazy, type ComponentType } from 'react';

/** Every route this area owns; built pages are lazy chunks, the rest say "Em construção" (no fake data). */
const built: Record<string, ComponentType<PageProps>> = {
  '/clientes': lazy(() => import(/* webpackChunkName: "clients" */ './features/clients/components/ClientsPage')),
  '/cliente': lazy(() => import(/* webpackChunkName: "client" */ './features/clients/components/ClientPage')),
  '/crm/marketing/links': lazy(() => import(/* webpackChunkName: "marketing-links" */ './features/marketing-links/components/MarketingLinksPage')),
};

export const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  routesOf('crm').map((route) => [route.path, built[route.path] ?? UnderConstructionPage]),
);
