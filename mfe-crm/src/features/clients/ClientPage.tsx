import { ApiError, archiveClient, createClient, getClient, restoreClient, updateClient, type Address, type Client } from '@backoffice/api-client';
import type { PageProps } from '@backoffice/routes';
import { formatDate, maskCep, maskDocument, maskPhone, Spinner, useNotify } from '@backoffice/ui';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientForm } from './ClientForm';
import { EMPTY_FORM, formFromClient, inputFromForm, KIND_LABELS, patchFromForm, STATUS_LABELS, type ClientFormValues } from './clientModel';

/** `/cliente` creates; `/cliente?id=…` shows one client, with edit, archive and restore. */
export default function ClientPage(_props: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <ExistingClient key={id} id={id} /> : <NewClient />;
}

function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: Error) => {
    setErrors(error instanceof ApiError ? error.fieldMessages() : {});
    setMessage(error.message);
  };
  const clear = () => {
    setErrors({});
    setMessage(null);
  };
  return { errors, message, fail, clear };
}

function FormMessage({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

function NewClient() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const feedback = useFieldErrors();
  const create = useMutation({
    mutationFn: (values: ClientFormValues) => createClient(inputFromForm(values)),
    onMutate: feedback.clear,
    onError: feedback.fail,
    onSuccess: (client) => {
      void queryClient.invalidateQueries({ queryKey: ['crm', 'clients'] });
      notify('Cliente cadastrado.', 'success');
      navigate(`/cliente?id=${encodeURIComponent(client.id)}`, { replace: true });
    },
  });
  return (
    <Stack gap="md">
      <Title order={1}>Novo cliente</Title>
      <FormMessage message={feedback.message} />
      <ClientForm
        initial={EMPTY_FORM}
        errors={feedback.errors}
        submitting={create.isPending}
        submitLabel="Cadastrar"
        onSubmit={(values) => create.mutate(values)}
        onCancel={() => navigate('/clientes')}
      />
    </Stack>
  );
}

function ExistingClient({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const feedback = useFieldErrors();
  const query = useQuery({ queryKey: ['crm', 'client', id], queryFn: () => getClient(id) });
  const onSaved = (client: Client, text: string) => {
    queryClient.setQueryData(['crm', 'client', id], client);
    void queryClient.invalidateQueries({ queryKey: ['crm', 'clients'] });
    notify(text, 'success');
  };
  const save = useMutation({
    mutationFn: (values: ClientFormValues) => updateClient(id, patchFromForm(values)),
    onMutate: feedback.clear,
    onError: feedback.fail,
    onSuccess: (client) => {
      onSaved(client, 'Alterações salvas.');
      setEditing(false);
    },
  });
  const toggleArchive = useMutation({
    mutationFn: (client: Client) => (client.status === 'archived' ? restoreClient(id) : archiveClient(id)),
    onMutate: feedback.clear,
    onError: feedback.fail,
    onSuccess: (client) => onSaved(client, client.status === 'archived' ? 'Cliente arquivado.' : 'Cliente restaurado.'),
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <FormMessage message={query.error.message} />;
  const client = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/clientes" size="sm" w="fit-content">
        ← Clientes
      </Anchor>
      <Title order={1}>{client.name}</Title>
      <FormMessage message={feedback.message} />
      {editing ? (
        <ClientForm
          initial={formFromClient(client)}
          errors={feedback.errors}
          submitting={save.isPending}
          submitLabel="Salvar"
          onSubmit={(values) => save.mutate(values)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <ClientDetails client={client} />
          <Group gap="sm">
            {client.status !== 'archived' && <Button onClick={() => setEditing(true)}>Editar</Button>}
            <Button
              variant={client.status === 'archived' ? 'default' : 'outline'}
              color={client.status === 'archived' ? undefined : 'red'}
              loading={toggleArchive.isPending}
              onClick={() => toggleArchive.mutate(client)}
            >
              {client.status === 'archived' ? 'Restaurar' : 'Arquivar'}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function formatAddress(a: Address): string {
  const street = [a.street, a.number].filter(Boolean).join(', ');
  const place = [a.district, `${a.city}/${a.state}`].filter(Boolean).join(', ');
  return [street, a.complement, place, `CEP ${maskCep(a.cep)}`].filter(Boolean).join(' — ');
}

function ClientDetails({ client }: { client: Client }) {
  const a = client.address;
  const rows: Array<[string, string]> = [
    ['Tipo', KIND_LABELS[client.kind]],
    [client.kind === 'person' ? 'CPF' : 'CNPJ', client.document_formatted || maskDocument(client.document, client.kind)],
    ['Nome fantasia', client.trade_name ?? '—'],
    ['Situação', STATUS_LABELS[client.status]],
    ['E-mails', client.emails.join(', ') || '—'],
    ['Telefones', client.phones.map((p) => maskPhone(p)).join(', ') || '—'],
    ['Endereço', a ? formatAddress(a) : '—'],
    ['Observações', client.notes ?? '—'],
    ['Cadastrado em', formatDate(client.created_at)],
    ['Atualizado em', formatDate(client.updated_at)],
  ];
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
