import { useSession } from '@backoffice/auth';
import { LogoutIcon, UserIcon, Avatar, Group, Menu, Text, UnstyledButton, Link } from '@backoffice/ui';
import { roleLabel } from '../../../lib/roles';

/** The header's user menu: who is signed in, "Meu perfil" and "Sair". */
export function UserMenu() {
  const { user, signOut } = useSession();
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Menu do usuário: ${user.name}`} c="white" px={4} py={2} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            {/* An icon, not initials: the button's visible text must be part of its name. */}
            <Avatar size={32} radius="xl" color="green" variant="filled" aria-hidden>
              <UserIcon size={18} />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabel(user.role)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/perfil" leftSection={<UserIcon size={16} />}>
          Meu perfil
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => void signOut()}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
