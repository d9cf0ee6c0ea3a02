import type { Client } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { DataTable, formatDate, listTableProps, maskDocument, maskPhone, notify, type DataTableColumn, Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title, modals, Link, useNavigate } from '@backoffice/ui';
import { usePickers } from '../../../lib/pickers';
import { useState, type FormEvent } from 'react';
import { CLIENTS_EXPORT_URL, useBulkClientAction, useClientsQuery, type BulkAction } from '../api/clientsQueries';
import { countLabel, KIND_LABELS, pageLabel, STATUS_LABELS } from '../api/clientModel';
import { useClientListParams } from '../hooks/useClientListParams';
import { ClientHistory, ClientSummary } from './ClientDetail';

const STATUS_FILTER = [{ value: '', label: 'Ativos e inativos' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const KIND_FILTER = [{ value: '', label: 'Todos' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];

const COLUMNS: DataTableColumn<Client>[] = [
  {
    id: 'name',
    header: 'Nome',
    sortable: true,
    cell: (client) => (
      <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(client.id)}`}>
        {client.name}
      </Anchor>
    ),
  },
  { id: 'document', header: 'Documento', cell: (client) => client.document_formatted || maskDocument(client.document, client.kind) },
  { id: 'kind', header: 'Tipo', cell: (client) => KIND_LABELS[client.kind] },
  { id: 'email', header: 'E-mail', cell: (client) => client.emails[0] ?? '—' },
  { id: 'phone', header: 'Telefone', cell: (client) => (client.phones[0] ? maskPhone(client.phones[0]) : '—') },
  { id: 'city', header: 'Cidade', defaultHidden: true, cell: (client) => (client.address ? `${client.address.city}/${client.address.state}` : '—') },
  { id: 'owner', header: 'Responsável', cell: (client) => client.owner_name ?? '—' },
  {
    id: 'tags',
    header: 'Etiquetas',
    defaultHidden: true,
    cell: (client) =>
      client.tags.length ? (
        <Group gap={4}>
          {client.tags.map((t) => (
            <Badge key={t} variant="light" size="sm">
              {t}
            </Badge>
          ))}
        </Group>
      ) : (
        '—'
      ),
  },
  { id: 'status', header: 'Situação', cell: (client) => STATUS_LABELS[client.status] },
  { id: 'created_at', header: 'Cadastrado em', sortable: true, cell: (client) => formatDate(client.created_at) },
];

const BULK = {
  archive: { label: 'Arquivar', title: 'Arquivar clientes', applies: (c: Client) => c.status !== 'archived', past: ['arquivado', 'arquivados'] },
  restore: { label: 'Reativar', title: 'Reativar clientes', applies: (c: Client) => c.status === 'archived', past: ['reativado', 'reativados'] },
} as const;

const clientsWord = (n: number) => (n === 1 ? 'cliente' : 'clientes');

/** "2 clientes arquivados.", "1 cliente reativado; 1 não: …" */
export function bulkReport(action: BulkAction, done: number, failed: Array<{ client: Client; message: string }>): string {
  const [one, many] = BULK[action].past;
  const parts = [`${done} ${clientsWord(done)} ${done === 1 ? one : many}`];
  if (failed.length) parts.push(`${failed.length} não: ${failed.map((f) => `${f.client.name} (${f.message})`).join('; ')}`);
  return `${parts.join('; ')}.`;
}

/** `/clientes`: the clients list on the one `DataTable`, its state in the URL. */
export default function ClientsPage({ route }: PageProps) {
  const navigate = useNavigate();
  const { list, query, exportQuery } = useClientListParams();
  const result = useClientsQuery(query);
  // Roles that only consult clients are not offered "Novo cliente" (the server would refuse it); archiving and
  // restoring need their own permission (clientes_arquivar), as on the server.
  const mayCreate = usePermission('clientes_editar');
  const mayArchive = usePermission('clientes_arquivar');
  const runBulk = useBulkClientAction();
  const { users, units } = usePickers();
  const ownerFilter = [{ value: '', label: 'Todos' }, ...(users.data ?? []).map((u) => ({ value: u.uid, label: u.name }))];
  const unitFilter = [{ value: '', label: 'Todas' }, ...(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))];
  const [running, setRunning] = useState<BulkAction | null>(null);

  const confirmBulk = (action: BulkAction, selected: Client[], clear: () => void) => {
    const targets = selected.filter(BULK[action].applies);
    const names = targets.map((c) => c.name);
    modals.openConfirmModal({
      title: BULK[action].title,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {BULK[action].label} {targets.length} {clientsWord(targets.length)}?
          </Text>
          <Text size="sm" c="dimmed">
            {names.slice(0, 5).join(', ')}
            {names.length > 5 ? ` e mais ${names.length - 5}` : ''}
          </Text>
        </Stack>
      ),
      labels: { confirm: BULK[action].label, cancel: 'Cancelar' },
      confirmProps: action === 'archive' ? { color: 'red' } : undefined,
      onConfirm: () => {
        setRunning(action);
        void runBulk(action, targets)
          .then(({ done, failed }) => {
            notify(bulkReport(action, done, failed), failed.length ? 'error' : 'success');
            clear();
          })
          .finally(() => setRunning(null));
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayCreate && <Button onClick={() => navigate('/cliente')}>Novo cliente</Button>}
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <TextInput label="Buscar" placeholder="Nome, documento, e-mail…" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} />
          <NativeSelect label="Situação" value={list.filters.status} data={STATUS_FILTER} onChange={(e) => list.setFilter('status', e.currentTarget.value)} />
          <NativeSelect label="Tipo" value={list.filters.kind} data={KIND_FILTER} onChange={(e) => list.setFilter('kind', e.currentTarget.value)} />
          {ownerFilter.length > 1 && <NativeSelect label="Responsável" value={list.filters.owner_id} data={ownerFilter} onChange={(e) => list.setFilter('owner_id', e.currentTarget.value)} />}
          <NativeSelect label="Unidade" value={list.filters.unit_id} data={unitFilter} onChange={(e) => list.setFilter('unit_id', e.currentTarget.value)} />
          <TextInput label="Etiqueta" placeholder="vip" value={list.inputs.tag} onChange={(e) => list.setFilter('tag', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {result.data?.notice && (
        <Alert color="yellow" role="status" title="Fora da sua carteira">
          {result.data.notice}
        </Alert>
      )}
      <DataTable
        id="crm.clients"
        label="Clientes"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(client) => client.id}
        getRowLabel={(client) => client.name}
        pageInfo={result.data}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        {...listTableProps(list)}
        countLabel={countLabel}
        pageLabel={pageLabel}
        emptyMessage="Nenhum cliente encontrado."
        exportOptions={{ url: CLIENTS_EXPORT_URL, params: exportQuery }}
        bulkActions={
          mayArchive
            ? (selected, clear) => (
                <>
                  {(['archive', 'restore'] as const).map((action) => (
                    <Button
                      key={action}
                      variant="default"
                      loading={running === action}
                      disabled={running !== null || !selected.some(BULK[action].applies)}
                      onClick={() => confirmBulk(action, selected, clear)}
                    >
                      {BULK[action].label}
                    </Button>
                  ))}
                </>
              )
            : undefined
        }
        detail={{
          title: (client) => client.name,
          render: (client) => <ClientSummary client={client} />,
          history: (client) => <ClientHistory client={client} />,
        }}
      />
    </Stack>
  );
}
