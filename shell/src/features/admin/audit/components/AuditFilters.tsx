import type { ListParams } from '@backoffice/ui';
import { NativeSelect, Select, SimpleGrid, TextInput, DateFilterInput } from '@backoffice/ui';
import { useAuditUsers } from '../api/auditApi';
import type { AuditFilter } from '../hooks/useAuditList';

const OUTCOME_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Permitidos' },
  { value: 'false', label: 'Negados' },
];

export function AuditFilters({ list }: { list: ListParams<AuditFilter> }) {
  const users = useAuditUsers();
  const userOptions = (users.data?.items ?? []).map((user) => ({ value: user.uid, label: `${user.name} (${user.email})` }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" style={{ flex: 1 }}>
      <TextInput label="Buscar" placeholder="E-mail ou acesso" value={list.inputs.q} onChange={(event) => list.setFilter('q', event.currentTarget.value)} type="search" />
      <Select
        label="Usuário"
        placeholder="Todos"
        searchable
        clearable
        data={userOptions}
        value={list.filters.uid || null}
        onChange={(value) => list.setFilter('uid', value ?? '')}
        nothingFoundMessage="Ninguém com esse nome"
      />
      <NativeSelect label="Resultado" data={OUTCOME_OPTIONS} value={list.filters.has_permission} onChange={(event) => list.setFilter('has_permission', event.currentTarget.value)} />
      <DateFilterInput label="De" value={list.filters.from} onChange={(iso) => list.setFilter('from', iso)} />
      <DateFilterInput label="Até" value={list.filters.to} onChange={(iso) => list.setFilter('to', iso)} />
    </SimpleGrid>
  );
}
