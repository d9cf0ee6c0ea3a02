import type { StockDispatch } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Alert, Button, Group, Modal, Paper, Spinner, Stack, Table, Text, Textarea, TextInput, Title, formatDateTime, notify } from '@backoffice/ui';
import { useState, type FormEvent } from 'react';
import { HubNav } from '../../../lib/HubNav';
import { errorMessage, useApprovalQueue, useDispatchMutations } from '../../../lib/dispatches';
import { formatQuantity, formatThousandths, parseThousandths } from '../../../lib/quantity';

/** `/hub/despachos/aprovacoes`: the SOLICITADO queue, each line beside the clinic's balance and last 30 days' consumption. */
export default function ApprovalsPage({ route }: PageProps) {
  const queue = useApprovalQueue();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <HubNav />
      </Group>
      {queue.isError && <Alert color="red" role="alert" title="Não foi possível carregar a fila">{queue.error.message}</Alert>}
      {queue.isLoading && <Spinner />}
      {queue.data && queue.data.length === 0 && <Text c="dimmed">Nenhuma solicitação aguardando aprovação.</Text>}
      {queue.data?.map((d) => <ApprovalCard key={d.id} dispatch={d} />)}
    </Stack>
  );
}

function ApprovalCard({ dispatch }: { dispatch: StockDispatch }) {
  const { approve } = useDispatchMutations();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const lines = [];
    for (const l of dispatch.lines) {
      const text = quantities[l.id];
      if (text === undefined || text.trim() === '') continue;
      const value = parseThousandths(text);
      if (value === null) {
        setError(`Quantidade aprovada inválida em ${l.sku}.`);
        return;
      }
      lines.push({ line_id: l.id, approved_qty_milli: value });
    }
    try {
      const d = await approve.mutateAsync({ id: dispatch.id, data: { lines } });
      notify(`Despacho ${d.number} aprovado.`, 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível aprovar.'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Solicitação ${dispatch.number}`} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">{dispatch.number} — {dispatch.clinic_name}</Title>
          <Text size="sm" c="dimmed">{dispatch.requester_name}, {formatDateTime(dispatch.created_at)}</Text>
        </Group>
        {dispatch.notes && <Text size="sm">Observações: {dispatch.notes}</Text>}
        <Table aria-label={`Itens de ${dispatch.number}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Solicitado</Table.Th>
              <Table.Th ta="right">Saldo na clínica</Table.Th>
              <Table.Th ta="right">Consumo 30 dias</Table.Th>
              <Table.Th ta="right">Saldo no central</Table.Th>
              <Table.Th>Aprovar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dispatch.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.sku} — {l.material_name}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.requested_qty_milli, l.base_uom)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.clinic_balance_milli, l.base_uom)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.consumption_30d_milli, l.base_uom)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.central_balance_milli, l.base_uom)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Quantidade aprovada de ${l.sku}`}
                    size="xs"
                    w={110}
                    placeholder={formatThousandths(l.requested_qty_milli)}
                    value={quantities[l.id] ?? ''}
                    onChange={(e) => setQuantities({ ...quantities, [l.id]: e.currentTarget.value })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="light" color="red" onClick={() => setRejecting(true)}>Rejeitar</Button>
          <Button onClick={() => void submit()} loading={approve.isPending}>Aprovar</Button>
        </Group>
      </Stack>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={`Rejeitar ${dispatch.number}`} centered>
        {rejecting && <RejectForm dispatch={dispatch} onDone={() => setRejecting(false)} />}
      </Modal>
    </Paper>
  );
}

function RejectForm({ dispatch, onDone }: { dispatch: StockDispatch; onDone: () => void }) {
  const { reject } = useDispatchMutations();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await reject.mutateAsync({ id: dispatch.id, data: { motivo } });
      notify(`Despacho ${dispatch.number} rejeitado.`, 'success');
      onDone();
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível rejeitar.'));
    }
  };
  return (
    <Stack component="form" gap="sm" onSubmit={submit}>
      <Textarea label="Motivo" description="De 10 a 500 caracteres." value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button type="submit" color="red" loading={reject.isPending}>Rejeitar</Button>
      </Group>
    </Stack>
  );
}
