import { listClients } from '@backoffice/api-client';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { formatDate, maskDocument, maskPhone, Spinner } from '@backoffice/ui';
import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { countLabel, KIND_LABELS, pageLabel, queryFromSearch, SORT_OPTIONS, STATUS_LABELS } from './clientModel';

const SEARCH_DEBOUNCE_MS = 300;

const STATUS_FILTER = [{ value: '', label: 'Ativos e inativos' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const KIND_FILTER = [{ value: '', label: 'Todos' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];

export default function ClientsPage({ route }: PageProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = queryFromSearch(params);
  const [text, setText] = useState(query.q ?? '');
  // Roles that only consult clients are not offered "Novo cliente" (the server would refuse it).
  const mayCreate = usePermission('clientes_editar');

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (text === (query.q ?? '')) return;
    const timer = setTimeout(() => setParam('q', text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setParam changes every render; the debounce only cares about the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const result = useQuery({ queryKey: ['crm', 'clients', query], queryFn: () => listClients(query), placeholderData: keepPreviousData });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayCreate && <Button onClick={() => navigate('/cliente')}>Novo cliente</Button>}
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar" placeholder="Nome, documento, e-mail…" value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <NativeSelect label="Situação" value={query.status ?? ''} data={STATUS_FILTER} onChange={(e) => setParam('status', e.currentTarget.value)} />
          <NativeSelect label="Tipo" value={query.kind ?? ''} data={KIND_FILTER} onChange={(e) => setParam('kind', e.currentTarget.value)} />
          <NativeSelect label="Ordenar por" value={query.sort} data={SORT_OPTIONS} onChange={(e) => setParam('sort', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {result.isPending && <Spinner />}
      {result.isError && (
        <Alert color="red" role="alert">
          {result.error.message}
        </Alert>
      )}
      {result.data && <ClientsTable data={result.data} onPage={(page) => setParam('page', String(page))} />}
    </Stack>
  );
}

function ClientsTable({ data, onPage }: { data: Awaited<ReturnType<typeof listClients>>; onPage: (page: number) => void }) {
  if (data.items.length === 0) return <Text>Nenhum cliente encontrado.</Text>;
  // The server counts up to ten pages past this one (see countLabel); beyond that the labels say "mais de" and
  // "Próxima" follows has_more.
  return (
    <Stack gap="sm">
      <Text c="dimmed" aria-live="polite">
        {countLabel(data)}
      </Text>
      <Paper withBorder radius="md">
        {/* On a phone the table scrolls sideways inside its box, and the name column stays in place. */}
        <Table.ScrollContainer minWidth={880} type="native">
          <Table highlightOnHover verticalSpacing="sm" className="bo-sticky-first" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nome</Table.Th>
                <Table.Th scope="col">Documento</Table.Th>
                <Table.Th scope="col">Tipo</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">Telefone</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">Cadastrado em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(client.id)}`}>
                      {client.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{client.document_formatted || maskDocument(client.document, client.kind)}</Table.Td>
                  <Table.Td>{KIND_LABELS[client.kind]}</Table.Td>
                  <Table.Td>{client.emails[0] ?? '—'}</Table.Td>
                  <Table.Td>{client.phones[0] ? maskPhone(client.phones[0]) : '—'}</Table.Td>
                  <Table.Td>{STATUS_LABELS[client.status]}</Table.Td>
                  <Table.Td>{formatDate(client.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group component="nav" aria-label="Paginação" gap="sm" align="center">
        <Button variant="default" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          Anterior
        </Button>
        <Text>{pageLabel(data)}</Text>
        <Button variant="default" disabled={!data.has_more} onClick={() => onPage(data.page + 1)}>
          Próxima
        </Button>
      </Group>
    </Stack>
  );
}
