import { breadcrumbsOf, findRoute } from '@backoffice/routes';
import { Anchor, Breadcrumbs, Text, Link, useLocation } from '@backoffice/ui';

/** Area › (parent ›) page, above every page in the layout. */
export function PageBreadcrumbs() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  if (!route) return null;
  const crumbs = breadcrumbsOf(route);
  return (
    <nav aria-label="Trilha de navegação">
      <Breadcrumbs separator="›" separatorMargin={6} mb="md" style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          if (crumb.path && !last) {
            return (
              <Anchor key={crumb.label} component={Link} to={crumb.path} size="sm">
                {crumb.label}
              </Anchor>
            );
          }
          return (
            <Text key={crumb.label} size="sm" c={last ? undefined : 'dimmed'} fw={last ? 500 : undefined} aria-current={last ? 'page' : undefined}>
              {crumb.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
