import { mayOpen, type GuardUser } from '@backoffice/auth';
import { findRoute, MENU_AREAS, menuLabel, menuRoutes, type AreaName, type RouteEntry } from '@backoffice/routes';

/** The app frame's menu, from the route table, with only what the user can open (the guard's own rule). */
export interface MenuLink {
  path: string;
  label: string;
}

export interface MenuGroup {
  area: AreaName;
  links: MenuLink[];
}

export interface Menu {
  /** The "Início" pages, first and outside any group. */
  top: MenuLink[];
  /** The areas in their fixed order; an area the user can open nothing in is left out. */
  groups: MenuGroup[];
}

const linkOf = (route: RouteEntry): MenuLink => ({ path: route.path, label: menuLabel(route) });

export function menuFor(user: GuardUser): Menu {
  const open = menuRoutes().filter((route) => mayOpen(route.path, user));
  return {
    top: open.filter((route) => route.area === 'Início').map(linkOf),
    groups: MENU_AREAS.map((area) => ({ area, links: open.filter((route) => route.area === area).map(linkOf) })).filter(
      (group) => group.links.length > 0,
    ),
  };
}

/** The menu entry to highlight on `pathname`: the page itself, or the page it is reached from. */
export function activeMenuPath(pathname: string): string | undefined {
  const route = findRoute(pathname);
  return route ? (route.parent ?? route.path) : undefined;
}
