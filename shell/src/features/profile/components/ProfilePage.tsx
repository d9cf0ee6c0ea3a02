import { useSession } from '@backoffice/auth';
import { formatDate, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@backoffice/ui';
import { initialsOf, roleLabel } from '../../../lib/roles';
import { ChangePasswordForm } from './ChangePasswordForm';

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  const details: Array<[string, string]> = [
    ['E-mail', user.email],
    ['Perfil', roleLabel(user.role)],
    ['Cadastrado em', formatDate(user.created_at)],
  ];
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Meu perfil</Title>
      <Paper withBorder p="lg" radius="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar size={64} radius="xl" color="green" variant="filled" aria-hidden>
            {initialsOf(user.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate="end">
              {user.name}
            </Text>
            <Badge variant="light" tt="none" w="fit-content">
              {roleLabel(user.role)}
            </Badge>
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" mt="lg" mb={0}>
          {details.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <ChangePasswordForm />
    </Stack>
  );
}
