import { getGetClientConsentsQueryKey, useGetClientConsents, useRecordClientConsent, type Client } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Badge, Button, formatDateTime, Group, NativeSelect, notify, Paper, SimpleGrid, Spinner, Stack, Table, Text, TextInput } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

export const CHANNEL_LABELS: Record<string, string> = { whatsapp: 'WhatsApp', email: 'E-mail', sms: 'SMS', phone: 'Telefone' };
const CHANNEL_OPTIONS = Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }));

/** A client's LGPD consents: the one in force per channel, every record, and recording a grant or revocation. */
export function ClientConsents({ client }: { client: Client }) {
  const consents = useGetClientConsents(client.id);
  const mayEdit = usePermission('clientes_editar') && client.status !== 'archived';
  const queryClient = useQueryClient();
  const record = useRecordClientConsent({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: getGetClientConsentsQueryKey(client.id) }) },
  });
  const [channel, setChannel] = useState('whatsapp');
  const [source, setSource] = useState('');
  const save = (granted: boolean) =>
    record.mutate(
      { id: client.id, data: { channel, granted, source } },
      {
        onSuccess: () => {
          notify(`${CHANNEL_LABELS[channel]}: ${granted ? 'consentimento registrado' : 'revogação registrada'}.`, 'success');
          setSource('');
        },
      },
    );
  if (consents.isPending) return <Spinner />;
  if (consents.isError)
    return (
      <Alert color="red" role="alert">
        {consents.error.message}
      </Alert>
    );
  const current = new Map(consents.data.current.map((c) => [c.channel, c]));
  return (
    <Stack gap="md">
      {client.do_not_contact && (
        <Alert color="orange" title="Não contatar">
          O cliente pediu para não receber contato de vendas: nenhuma cadência o inclui.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {CHANNEL_OPTIONS.map(({ value, label }) => {
          const c = current.get(value);
          return (
            <Paper key={value} withBorder p="sm" radius="md" aria-label={`Consentimento ${label}`}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              {c ? <Badge color={c.granted ? 'green' : 'red'}>{c.granted ? 'Autorizado' : 'Revogado'}</Badge> : <Badge color="gray">Sem registro</Badge>}
              {c && (
                <Text size="xs" c="dimmed">
                  {c.source} · {formatDateTime(c.recorded_at)}
                </Text>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      {mayEdit && (
        <Group align="flex-end" gap="sm">
          <NativeSelect label="Canal" data={CHANNEL_OPTIONS} value={channel} onChange={(e) => setChannel(e.currentTarget.value)} />
          <TextInput label="Origem" placeholder="Formulário do site, WhatsApp, contrato…" value={source} onChange={(e) => setSource(e.currentTarget.value)} error={record.error?.message} />
          <Button onClick={() => save(true)} loading={record.isPending}>
            Registrar consentimento
          </Button>
          <Button variant="outline" color="red" onClick={() => save(false)} loading={record.isPending}>
            Registrar revogação
          </Button>
        </Group>
      )}
      {consents.data.records.length > 0 && (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Registros de consentimento" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Quando</Table.Th>
                <Table.Th scope="col">Canal</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">Origem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...consents.data.records].reverse().map((c) => (
                <Table.Tr key={`${c.channel}-${c.recorded_at}`}>
                  <Table.Td>{formatDateTime(c.recorded_at)}</Table.Td>
                  <Table.Td>{CHANNEL_LABELS[c.channel] ?? c.channel}</Table.Td>
                  <Table.Td>{c.granted ? 'Autorizado' : 'Revogado'}</Table.Td>
                  <Table.Td>{c.source}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
