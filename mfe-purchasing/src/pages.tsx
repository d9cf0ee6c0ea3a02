import { routesOf, type PageProps } from '@backoffice/routes';
import { UnderConstructionPage } from '@backoffice/ui';
import type { ComponentType } from 'react';

/**
 * Every route this area owns. The business features arrive in later issues; until then each page says
 * "Em construção" (no fake data).
 */
const built: Record<string, ComponentType<PageProps>> = {};

export const pages: Record<string, ComponentType<PageProps>> = Object.fromEntries(
  routesOf('purchasing').map((route) => [route.path, built[route.path] ?? UnderConstructionPage]),
);
