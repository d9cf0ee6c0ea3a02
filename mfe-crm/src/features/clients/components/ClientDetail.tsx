import type { Client } from '@backoffice/api-client/endpoints';
import { formatDateTime, HistoryPanel, maskCep, maskDocument, maskPhone, Anchor, Badge, Group, SimpleGrid, Stack, Text, Link } from '@backoffice/ui';
import type { ReactNode } from 'react';
import { useClientHistoryQuery } from '../api/clientsQueries';
import { fieldLabel, KIND_LABELS, STATUS_LABELS } from '../api/clientModel';

const STATUS_COLORS = { active: 'green', inactive: 'gray', archived: 'orange' } as const;

/** The fields a client's history names (crates/crm `changes`), by their labels in the form. */
const HISTORY_FIELDS = ['kind', 'document', 'name', 'trade_name', 'emails', 'phones', 'address', 'status', 'notes'];

export function historyFieldLabels(client: Pick<Client, 'kind'>): Record<string, string> {
  return Object.fromEntries(HISTORY_FIELDS.map((field) => [field, fieldLabel(field, client.kind) ?? field]));
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
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
        <Field label={client.kind === 'person' ? 'CPF' : 'CNPJ'}>{client.document_formatted || maskDocument(client.document, client.kind)}</Field>
        {client.trade_name && <Field label="Nome fantasia">{client.trade_name}</Field>}
        <Field label="E-mails">{client.emails.length ? client.emails.join(', ') : '—'}</Field>
        <Field label="Telefones">{client.phones.length ? client.phones.map((p) => maskPhone(p)).join(', ') : '—'}</Field>
        <Field label="Endereço">
          {address
            ? `${address.street}${address.number ? `, ${address.number}` : ''}${address.complement ? ` ${address.complement}` : ''} — ${address.district ? `${address.district} — ` : ''}${address.city}/${address.state} — CEP ${maskCep(address.cep)}`
            : '—'}
        </Field>
        <Field label="Cadastrado em">{formatDateTime(client.created_at)}</Field>
        <Field label="Atualizado em">{formatDateTime(client.updated_at)}</Field>
      </SimpleGrid>
      {client.notes && <Field label="Observações">{client.notes}</Field>}
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
