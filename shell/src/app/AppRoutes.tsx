import { documentTitle, findRoute, type RouteEntry } from '@backoffice/routes';
import { ErrorPage, Spinner, useLocation } from '@backoffice/ui/host';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { RouteGuard } from '../features/guard/components/RouteGuard';
import SignInPage from '../features/sign-in/components/SignInPage';
import { RemoteRoute } from '../remotes/RemoteRoute';

/** The sign-in page is in the bootstrap chunk (the first page most visits show); the others are lazy. */
export const shellPageLoaders: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/reset-senha': () => import(/* webpackChunkName: "reset-password" */ '../features/reset-password/components/ResetPasswordPage'),
  '/inicio': () => import(/* webpackChunkName: "home" */ '../features/home/HomePage'),
  '/perfil': () => import(/* webpackChunkName: "profile" */ '../features/profile/components/ProfilePage'),
  '/admin/usuarios': () => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/components/UsersPage'),
  '/admin/auditoria': () => import(/* webpackChunkName: "admin-audit" */ '../features/admin/audit/components/AuditPage'),
  '/admin/tarefas': () => import(/* webpackChunkName: "admin-jobs" */ '../features/admin/jobs/components/JobsPage'),
  '/admin/feriados': () => import(/* webpackChunkName: "admin-holidays" */ '../features/admin/holidays/components/HolidaysPage'),
};

/**
 * The frame of signed-in pages (menu, header, bell) is not part of the first load: the sign-in page has none. It
 * imports the shared `@backoffice/ui` whole, so a remote's page finds the library loaded and brings only its own
 * code (see docs/web.md, "O primeiro carregamento").
 */
const loadFrame = () => import(/* webpackChunkName: "frame" */ './AppFrame');
const AppFrame = lazy(() => loadFrame().then((module) => ({ default: module.AppFrame })));

export const shellPages: Record<string, ComponentType> = {
  '/': SignInPage,
  '/entrar': SignInPage,
  ...Object.fromEntries(Object.entries(shellPageLoaders).map(([path, load]) => [path, lazy(load)])),
};

function RoutePage({ route }: { route: RouteEntry }) {
  if (route.app !== 'shell') return <RemoteRoute route={route} />;
  const Page = shellPages[route.path];
  return Page ? <Page /> : <ErrorPage status={404} />;
}

/** The page's title in the browser tab (and history, bookmarks): "Clientes · Backoffice". */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}

export const NOT_FOUND_TITLE = 'Página não encontrada';

/** Exact-path routing over the one route table; no match is the fatal 404 'Page Not Found: {path}'. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  useDocumentTitle(route ? route.title : NOT_FOUND_TITLE);
  if (!route) return <ErrorPage status={404} message={`Page Not Found: ${pathname}`} />;
  const page = (
    <Suspense fallback={<Spinner />}>
      <RoutePage route={route} />
    </Suspense>
  );
  return (
    <RouteGuard>
      {route.layout ? (
        <Suspense fallback={<Spinner />}>
          <AppFrame>{page}</AppFrame>
        </Suspense>
      ) : (
        page
      )}
    </RouteGuard>
  );
}
