import type { ListParams } from '@backoffice/ui';
import { NativeSelect, SimpleGrid, TextInput } from '@backoffice/ui';
import { ROLE_LABELS } from '../../../../lib/roles';
import type { UserFilter } from '../hooks/useUsersList';

const ROLE_OPTIONS = [{ value: '', label: 'Todos' }, ...Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))];
const ACTIVE_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

export function UsersFilters({ list }: { list: ListParams<UserFilter> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
      <TextInput label="Buscar" placeholder="Nome ou e-mail" value={list.inputs.q} onChange={(event) => list.setFilter('q', event.currentTarget.value)} type="search" />
      <NativeSelect label="Perfil" data={ROLE_OPTIONS} value={list.filters.role} onChange={(event) => list.setFilter('role', event.currentTarget.value)} />
      <NativeSelect label="Situação" data={ACTIVE_OPTIONS} value={list.filters.active} onChange={(event) => list.setFilter('active', event.currentTarget.value)} />
    </SimpleGrid>
  );
}
