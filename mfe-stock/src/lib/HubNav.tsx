import { usePermission } from '@backoffice/auth';
import { Button, Group, Link, useLocation } from '@backoffice/ui';

/** The links of the hub's areas the user holds. */
export function HubNav() {
  const { pathname } = useLocation();
  const mayDispatch = usePermission('despachos_ver');
  const mayApprove = usePermission('despachos_aprovar');
  const links = [
    { to: '/hub', label: 'Hub', shown: true },
    { to: '/hub/despachos', label: 'Despachos', shown: mayDispatch },
    { to: '/hub/despachos/aprovacoes', label: 'Aprovações', shown: mayApprove },
  ];
  return (
    <Group component="nav" aria-label="Hub" gap="xs">
      {links
        .filter((link) => link.shown)
        .map((link) => (
          <Button key={link.to} component={Link} to={link.to} size="xs" variant={pathname === link.to ? 'filled' : 'light'} aria-current={pathname === link.to ? 'page' : undefined}>
            {link.label}
          </Button>
        ))}
    </Group>
  );
}
