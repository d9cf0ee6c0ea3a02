import { hasDispatchPermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { UnderConstruction, Button, Group, Stack, Link, useLocation } from '@backoffice/ui';

/** The hub's landing and dispatch pages: navigation by permission; the dispatch features come later. */
export default function HubPage({ route }: PageProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const links = [
    { to: '/hub', label: 'Hub', shown: true },
    { to: '/hub/despachos', label: 'Despachos', shown: !!user && hasDispatchPermission(user, 'dispatch') },
    { to: '/hub/despachos/aprovacoes', label: 'Aprovações', shown: !!user && hasDispatchPermission(user, 'approval') },
  ];
  return (
    <Stack gap="md">
      <Group component="nav" aria-label="Hub" gap="xs">
        {links
          .filter((link) => link.shown)
          .map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              size="xs"
              variant={pathname === link.to ? 'filled' : 'light'}
              aria-current={pathname === link.to ? 'page' : undefined}
            >
              {link.label}
            </Button>
          ))}
      </Group>
      <UnderConstruction title={route.title} />
    </Stack>
  );
}
