import { useSession } from '@backoffice/auth';
import { formatDateTime, notify, Alert, Badge, Button, Group, SimpleGrid, Stack, Tabs, Text, modals } from '@backoffice/ui';
import { useState } from 'react';
import { useDeactivateUser, useUpdateUser, useUser, type User } from '../api/usersApi';
import { EditUserForm } from './EditUserForm';
import { PermissionsPanel } from './PermissionsPanel';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { mayManage, roleLabel } from './userModel';

/** A user in the list's side drawer: who they are, their data and flags, their permissions, and the actions. */
export function UserDetail({ user: opened }: { user: User }) {
  const { user: me } = useSession();
  const user = useUser(opened).data;
  const manageable = mayManage(me?.role, user);
  const deactivate = useDeactivateUser(user.uid);
  const update = useUpdateUser(user.uid);
  const [resetting, setResetting] = useState(false);
  const itsMe = me?.uid === user.uid;

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: 'Desativar usuário',
      children: (
        <Text size="sm">
          Desativar {user.name}? A pessoa não poderá mais entrar e as sessões abertas dela serão encerradas agora. O
          cadastro e o histórico ficam; é possível reativá-lo depois.
        </Text>
      ),
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deactivate.mutate(undefined, {
          onSuccess: () => notify(`Usuário ${user.name} desativado.`, 'success'),
          onError: (error) => notify(error.message, 'error'),
        }),
    });
  const reactivate = () =>
    update.mutate(
      { active: true },
      {
        onSuccess: () => notify(`Usuário ${user.name} reativado.`, 'success'),
        onError: (error) => notify(error.message, 'error'),
      },
    );

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
        {(
          [
            ['E-mail', user.email],
            ['Perfil', roleLabel(user.role)],
            ['Cadastrado em', formatDateTime(user.created_at)],
            ['Última alteração', formatDateTime(user.updated_at)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Badge color={user.active ? 'green' : 'gray'} variant="light" tt="none">
          {user.active ? 'Ativo' : 'Inativo'}
        </Badge>
        {!user.is_password_updated && (
          <Badge color="orange" variant="light" tt="none">
            Deve trocar a senha
          </Badge>
        )}
      </Group>
      {!manageable && <Alert color="gray">Só um superadministrador altera administradores.</Alert>}
      {manageable && !itsMe && (
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setResetting(true)} disabled={!user.active}>
            Redefinir senha
          </Button>
          {user.active ? (
            <Button variant="light" color="red" size="xs" onClick={confirmDeactivate} loading={deactivate.isPending}>
              Desativar
            </Button>
          ) : (
            <Button variant="light" size="xs" onClick={reactivate} loading={update.isPending}>
              Reativar
            </Button>
          )}
        </Group>
      )}
      <Tabs defaultValue="data" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="permissions">Permissões</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data" pt="sm">
          <EditUserForm user={user} disabled={!manageable} />
        </Tabs.Panel>
        <Tabs.Panel value="permissions" pt="sm">
          <PermissionsPanel user={user} readOnly={!manageable} />
        </Tabs.Panel>
      </Tabs>
      <ResetPasswordDialog user={user} opened={resetting} onClose={() => setResetting(false)} />
    </Stack>
  );
}
