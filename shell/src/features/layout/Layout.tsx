import { useSession } from '@backoffice/auth';
import { CONTENT_MAX_WIDTH, HEADER_HEIGHT } from '@backoffice/ui';
import { Anchor, AppShell, Button, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PwaBanners } from '../../pwa/PwaBanners';

export function Layout({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header bg="neutral.7" c="white" withBorder={false}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group component="nav" aria-label="Principal" gap="md" wrap="nowrap">
            <Anchor component={Link} to="/inicio" c="white" fw={700} underline="never">
              Backoffice
            </Anchor>
            <Anchor component={Link} to="/inicio" c="white">
              Início
            </Anchor>
            <Anchor component={Link} to="/perfil" c="white">
              Meu perfil
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Text size="sm" visibleFrom="sm">
                {user.name}
              </Text>
            )}
            <Button variant="white" size="xs" onClick={() => void signOut()}>
              Sair
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size={CONTENT_MAX_WIDTH} px={0}>
          {children}
        </Container>
      </AppShell.Main>
      <PwaBanners />
    </AppShell>
  );
}
