import { useSession } from '@backoffice/auth';
import { NavLink, Stack, Text, Link, useLocation } from '@backoffice/ui';
import { useMemo, useState } from 'react';
import { activeMenuPath, menuFor, type MenuGroup, type MenuLink } from './navigation';

/** The navbar: "Início" and "Meu perfil", then one collapsible group per area (the current one open). */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const menu = useMemo(() => (user ? menuFor(user) : { top: [], groups: [] }), [user]);
  const active = activeMenuPath(pathname);
  return (
    <Stack gap={2}>
      {menu.top.map((link) => (
        <MenuItem key={link.path} link={link} active={active === link.path} onNavigate={onNavigate} />
      ))}
      {menu.groups.map((group) => (
        <AreaGroup key={group.area} group={group} active={active} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

function MenuItem({ link, active, onNavigate }: { link: MenuLink; active: boolean; onNavigate?: () => void }) {
  return (
    <NavLink
      component={Link}
      to={link.path}
      label={link.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

function AreaGroup({ group, active, onNavigate }: { group: MenuGroup; active: string | undefined; onNavigate?: () => void }) {
  const holdsActive = group.links.some((link) => link.path === active);
  const [opened, setOpened] = useState(holdsActive);
  const [wasActive, setWasActive] = useState(holdsActive);
  // Arriving in an area (a link elsewhere, the browser's back button) opens its group.
  if (holdsActive !== wasActive) {
    setWasActive(holdsActive);
    if (holdsActive) setOpened(true);
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={
        <Text component="span" fw={600} size="sm">
          {group.area}
        </Text>
      }
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="sm"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {/* A closed group's links are not drawn (an administrator's menu holds some sixty); the placeholder keeps
          the group's chevron, which NavLink shows only when it has children. */}
      {opened ? group.links.map((link) => <MenuItem key={link.path} link={link} active={active === link.path} onNavigate={onNavigate} />) : <span hidden />}
    </NavLink>
  );
}
