import { useSession } from '@backoffice/auth';
import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title, Link } from '@backoffice/ui';
import { visibleAreas } from './areas';
import { PendingWork } from './components/PendingWork';

export default function HomePage() {
  const { user } = useSession();
  if (!user) return null;
  const areas = visibleAreas(user);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Olá, {user.name}</Title>
        <Text c="dimmed">Estas são as áreas que você pode acessar.</Text>
      </div>
      <PendingWork />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {areas.map((area) => (
          <Paper key={area.name} component="nav" aria-label={area.name} withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="sm">
              {area.name}
            </Title>
            <List spacing={6} listStyleType="none" ml={0} pl={0}>
              {area.links.map((link) => (
                <List.Item key={link.path}>
                  <Anchor component={Link} to={link.path}>
                    {link.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
