import type { Client } from '@backoffice/api-client/endpoints';
import { formatDateTime, HistoryPanel, maskCep, maskDocument, maskPhone, Anchor, Badge, Group, SimpleGrid, Stack, Text, Link, LabeledValue } from '@backoffice/ui';
import { useClientHistoryQuery } from '../api/clientsQueries';
import { fieldLabel, KIND_LABELS, STATUS_LABELS } from '../api/clientModel';

const STATUS_COLORS = { active: 'green', inactive: 'gray', archived: 'orange' } as const;

/** The fields a client's history names (crates/crm `changes`), by their labels in the form. */
const HISTORY_FIELDS = ['kind', 'document', 'name', 'trade_name', 'emails', 'phones', 'address', 'status', 'notes', 'owner_id', 'unit_id', 'tags', 'do_not_contact', 'birth_date', 'consent'];

export function historyFieldLabels(client: Pick<Client, 'kind'>): Record<string, string> {
  return Object.fromEntries(HISTORY_FIELDS.map((field) => [field, fieldLabel(field, client.kind) ?? field]));
}

/** The drawer's summary of a client, with the way to its page. */
export function ClientSummary({ client }: { client: Client }) {
  const address = client.address;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color={STATUS_COLORS[client.status]} variant="light">
          {STATUS_LABELS[client.status]}
        </Badge>
        <Text size="sm">{KIND_LABELS[client.kind]}</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <LabeledValue label={client.kind === 'person' ? 'CPF' : 'CNPJ'}>{client.document_formatted || maskDocument(client.document, client.kind)}</LabeledValue>
        {client.trade_name && <LabeledValue label="Nome fantasia">{client.trade_name}</LabeledValue>}
        <LabeledValue label="E-mails">{client.emails.length ? client.emails.join(', ') : '—'}</LabeledValue>
        <LabeledValue label="Telefones">{client.phones.length ? client.phones.map((p) => maskPhone(p)).join(', ') : '—'}</LabeledValue>
        <LabeledValue label="Endereço">
          {address
            ? `${address.street}${address.number ? `, ${address.number}` : ''}${address.complement ? ` ${address.complement}` : ''} — ${address.district ? `${address.district} — ` : ''}${address.city}/${address.state} — CEP ${maskCep(address.cep)}`
            : '—'}
        </LabeledValue>
        <LabeledValue label="Cadastrado em">{formatDateTime(client.created_at)}</LabeledValue>
        <LabeledValue label="Atualizado em">{formatDateTime(client.updated_at)}</LabeledValue>
      </SimpleGrid>
      {client.notes && <LabeledValue label="Observações">{client.notes}</LabeledValue>}
      <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(client.id)}`} fw={500}>
        Abrir cadastro
      </Anchor>
    </Stack>
  );
}

/** A client's history (`GET /api/v1/crm/clients/{id}/history`). */
export function ClientHistory({ client }: { client: Client }) {
  const history = useClientHistoryQuery(client.id);
  return (
    <HistoryPanel
      entries={history.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      fieldLabels={historyFieldLabels(client)}
      stateLabels={STATUS_LABELS}
    />
  );
}
