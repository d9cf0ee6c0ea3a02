import { useListClients } from '@backoffice/api-client/endpoints';
import { Button, Checkbox, Group, Spinner, Stack, Table, Text, TextInput, notify } from '@backoffice/ui';
import { useState } from 'react';
import { MAX_ENROLL } from '../api/cadenceModel';
import { useCadenceMutations } from '../api/cadenceQueries';
import { ErrorList } from './CadenceBuilder';

/**
 * Bulk enrollment from a filtered client list (the caller's clients; at most 200 at once, all or none): a refused
 * client (no consent for a step's channel, "não contatar", already in a cadence) is named and nobody is enrolled.
 */
export function EnrollPanel({ cadenceId, onEnrolled }: { cadenceId: string; onEnrolled: () => void }) {
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const list = useListClients({ status: 'active', page_size: MAX_ENROLL, with_total: false, ...(q.trim() ? { q: q.trim() } : {}), ...(tag.trim() ? { tag: tag.trim() } : {}) });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const { enroll } = useCadenceMutations();
  const items = list.data?.items ?? [];
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOn = items.length > 0 && items.every((c) => selected.has(c.id));
  const submit = async () => {
    setError(null);
    const ids = items.filter((c) => selected.has(c.id)).map((c) => c.id);
    try {
      const rows = await enroll.mutateAsync({ id: cadenceId, data: { client_ids: ids } });
      notify(`${rows.length} cliente(s) inscrito(s).`);
      setSelected(new Set());
      onEnrolled();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <TextInput label="Buscar clientes" placeholder="Nome, documento, e-mail ou telefone" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <TextInput label="Etiqueta" value={tag} onChange={(e) => setTag(e.currentTarget.value)} />
      </Group>
      <ErrorList error={error} title="Nenhum cliente foi inscrito" />
      {list.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Text c="dimmed">Nenhum cliente encontrado.</Text>
      ) : (
        <Table striped aria-label="Clientes para inscrever">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label="Selecionar todos" checked={allOn} onChange={(e) => setSelected(e.currentTarget.checked ? new Set(items.map((c) => c.id)) : new Set())} />
              </Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Documento</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Checkbox aria-label={`Selecionar ${c.name}`} checked={selected.has(c.id)} onChange={(e) => toggle(c.id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.document_formatted}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {selected.size} selecionado(s) — até {MAX_ENROLL} por vez
        </Text>
        <Button disabled={selected.size === 0 || selected.size > MAX_ENROLL} loading={enroll.isPending} onClick={() => void submit()}>
          Inscrever {selected.size} cliente(s)
        </Button>
      </Group>
    </Stack>
  );
}
