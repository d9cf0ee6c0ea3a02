import { DataTable, formatDateTime, listTableProps, Spinner, type DataTableColumn, Badge, Button, Group, Modal, Stack, Text, Title } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { UserHistory } from './UserHistory';
import { UsersFilters } from './UsersFilters';
import { flagsOf, roleLabel } from './userModel';
import { useUsersList } from '../hooks/useUsersList';
import type { User } from '../api/usersApi';

// The forms (and zod, which they need) are fetched when the creation modal or a user's detail opens: the list
// shows without them (userSchemas.ts).
const CreateUserForm = lazy(() => import('./CreateUserForm').then((m) => ({ default: m.CreateUserForm })));
const UserDetail = lazy(() => import('./UserDetail').then((m) => ({ default: m.UserDetail })));

const COLUMNS: ReadonlyArray<DataTableColumn<User>> = [
  { id: 'name', header: 'Nome', cell: (user) => user.name },
  { id: 'email', header: 'E-mail', cell: (user) => user.email },
  { id: 'role', header: 'Perfil', cell: (user) => roleLabel(user.role) },
  { id: 'flags', header: 'Permissões especiais', cell: (user) => flagsOf(user).join(', ') || '—' },
  {
    id: 'active',
    header: 'Situação',
    cell: (user) => (
      <Badge color={user.active ? 'green' : 'gray'} variant="light" tt="none">
        {user.active ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
  },
  { id: 'updated_at', header: 'Última alteração', cell: (user) => formatDateTime(user.updated_at) },
];

/** /admin/usuarios: the staff's accounts — list, create, change role and flags, permissions, deactivate. */
export default function UsersPage() {
  const { list, query } = useUsersList();
  const [creating, setCreating] = useState(false);
  const page = query.data;
  const pageInfo = page ? { page: page.page, page_size: page.page_size, total: page.total } : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Usuários</Title>
          <Text c="dimmed">Quem acessa o backoffice, com que perfil e com quais exceções.</Text>
        </div>
        <Button onClick={() => setCreating(true)}>Novo usuário</Button>
      </Group>
      <DataTable<User>
        id="admin.users"
        label="Usuários"
        columns={COLUMNS}
        rows={page?.items}
        getRowId={(user) => user.uid}
        getRowLabel={(user) => user.name}
        pageInfo={pageInfo}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        countLabel={(info) => (info.total === 1 ? '1 usuário' : `${info.total} usuários`)}
        emptyMessage="Nenhum usuário encontrado com esses filtros."
        toolbar={<UsersFilters list={list} />}
        detail={{
          title: (user) => user.name,
          render: (user) => (
            <Suspense fallback={<Spinner />}>
              <UserDetail user={user} />
            </Suspense>
          ),
          history: (user) => <UserHistory uid={user.uid} />,
        }}
        minWidth={900}
        {...listTableProps(list)}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo usuário" size="lg" centered>
        <Suspense fallback={<Spinner />}>
          <CreateUserForm onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} />
        </Suspense>
      </Modal>
    </Stack>
  );
}
