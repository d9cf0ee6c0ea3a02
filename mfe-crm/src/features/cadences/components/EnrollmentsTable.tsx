import type { CadenceEnrollment } from '@backoffice/api-client/endpoints';
import { Anchor, Badge, Button, Group, Link, NativeSelect, Spinner, Stack, Table, Text, formatDate, formatDateTime, notify } from '@backoffice/ui';
import { useState } from 'react';
import { END_LABELS, PAUSE_LABELS, STATUS_COLORS, STATUS_LABELS } from '../api/cadenceModel';
import { useCadenceMutations, useEnrollments } from '../api/cadenceQueries';
import { ErrorList } from './CadenceBuilder';

/** A cadence's enrollments the user reaches, with pause, resume and end. */
export function EnrollmentsTable({ cadenceId, mayEnroll }: { cadenceId: string; mayEnroll: boolean }) {
  const [status, setStatus] = useState('');
  const list = useEnrollments(cadenceId, status ? { status } : {});
  const { pause, resume, end } = useCadenceMutations();
  const [error, setError] = useState<unknown>(null);
  const act = async (what: string, run: () => Promise<CadenceEnrollment>) => {
    setError(null);
    try {
      const e = await run();
      notify(`${e.client_name}: ${what}.`);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Situação"
        w={200}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value)}
        data={[{ value: '', label: 'Todas' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
      />
      <ErrorList error={error} title="Não foi possível alterar a inscrição" />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Text c="red">{list.error.message}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">Nenhuma inscrição.</Text>
      ) : (
        <Table striped aria-label="Inscrições">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th>Versão</Table.Th>
              <Table.Th>Próxima etapa</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((e) => (
              <Table.Tr key={e.id} aria-label={e.client_name}>
                <Table.Td>
                  <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(e.client_id)}`} size="sm">
                    {e.client_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{e.owner_name}</Table.Td>
                <Table.Td>v{e.cadence_version}</Table.Td>
                <Table.Td>{e.next_due_at ? `Etapa ${e.current_step} em ${formatDateTime(e.next_due_at)}` : '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[e.status] ?? 'gray'} variant="light">
                    {STATUS_LABELS[e.status] ?? e.status}
                  </Badge>
                  {e.pause_reason && (
                    <Text size="xs" c="dimmed">
                      {PAUSE_LABELS[e.pause_reason] ?? e.pause_reason}
                      {e.resume_on ? ` — retoma em ${formatDate(e.resume_on)}` : ''}
                    </Text>
                  )}
                  {e.end_reason && (
                    <Text size="xs" c="dimmed">
                      {END_LABELS[e.end_reason] ?? e.end_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {mayEnroll && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {e.status === 'ativa' && (
                        <Button size="xs" variant="default" aria-label={`Pausar ${e.client_name}`} onClick={() => void act('inscrição pausada', () => pause.mutateAsync({ id: e.id, data: { reason: 'manual' } }))}>
                          Pausar
                        </Button>
                      )}
                      {e.status === 'pausada' && (
                        <Button size="xs" aria-label={`Retomar ${e.client_name}`} onClick={() => void act('inscrição retomada', () => resume.mutateAsync({ id: e.id }))}>
                          Retomar
                        </Button>
                      )}
                      {(e.status === 'ativa' || e.status === 'pausada') && (
                        <Button size="xs" variant="subtle" color="red" aria-label={`Encerrar ${e.client_name}`} onClick={() => void act('inscrição encerrada', () => end.mutateAsync({ id: e.id }))}>
                          Encerrar
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
