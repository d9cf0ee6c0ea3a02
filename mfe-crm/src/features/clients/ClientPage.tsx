import { ApiError, archiveClient, createClient, getClient, restoreClient, updateClient, type Address, type Client } from '@backoffice/api-client';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { formatDate, maskCep, maskDocument, maskPhone, Spinner, useNotify } from '@backoffice/ui';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientForm } from './ClientForm';
import {
  EMPTY_FORM,
  fieldErrorSummary,
  formFromClient,
  inputFromForm,
  KIND_LABELS,
  patchFromForm,
  shownFields,
  STATUS_LABELS,
  type ClientFormValues,
} from './clientModel';

/** Who may do what here (the server's permissions, generated into packages/auth). */
const EDIT = 'clientes_editar';
const ARCHIVE = 'clientes_arquivar';

/**
 * `/cliente` creates; `/cliente?id=…` shows one client, with edit, archive and restore for the roles that may
 * (the others see the client only).
 */
export default function ClientPage(_props: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <ExistingClient key={id} id={id} /> : <NewClient />;
}

/**
 * Server errors for the form: each field's message next to its input, and above the form which fields to fix,
 * by their labels (the server's own message for errors that are not about fields).
 */
function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: Error, values: ClientFormValues) => {
    if (error instanceof ApiError && error.fields.length > 0) {
      const shown = shownFields(values);
      setErrors(error.fieldMessages());
      setMessage(fieldErrorSummary(error.fields, values.kind, (field) => shown.has(field)));
      return;
    }
    setErrors({});
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
  const mayEdit = usePermission(EDIT);
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const feedback = useFieldErrors();
  const create = useMutation({
    mutationFn: (values: ClientFormValues) => createClient(inputFromForm(values)),
    onMutate: feedback.clear,
    onError: (error, values) => feedback.fail(error, values),
    onSuccess: (client) => {
      void queryClient.invalidateQueries({ queryKey: ['crm', 'clients'] });
      notify('Cliente cadastrado.', 'success');
      navigate(`/cliente?id=${encodeURIComponent(client.id)}`, { replace: true });
    },
  });
  if (!mayEdit) {
    return (
      <Stack gap="md">
        <Title order={1}>Novo cliente</Title>
        <Alert color="yellow" title="Você não pode cadastrar clientes.">
          Seu perfil permite consultar clientes, mas não cadastrá-los. <Anchor component={Link} to="/clientes">Voltar para a lista</Anchor>
        </Alert>
      </Stack>
    );
  }
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
  const mayEdit = usePermission(EDIT);
  const mayArchive = usePermission(ARCHIVE);
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
    onError: (error, values) => feedback.fail(error, values),
    onSuccess: (client) => {
      onSaved(client, 'Alterações salvas.');
      setEditing(false);
    },
  });
  const toggleArchive = useMutation({
    mutationFn: (client: Client) => (client.status === 'archived' ? restoreClient(id) : archiveClient(id)),
    onMutate: feedback.clear,
    onError: (error, client) => feedback.fail(error, formFromClient(client)),
    onSuccess: (client) => onSaved(client, client.status === 'archived' ? 'Cliente arquivado.' : 'Cliente restaurado.'),
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <FormMessage message={query.error.message} />;
  const client = query.data;
  // Archiving hides the client from the lists: ask first. Restoring undoes it and needs no confirmation.
  const askArchive = () =>
    modals.openConfirmModal({
      title: 'Arquivar cliente',
      children: (
        <Text size="sm">
          Arquivar <strong>{client.name}</strong>? O cliente deixa de aparecer nas listas de ativos e inativos; é possível restaurá-lo depois.
        </Text>
      ),
      labels: { confirm: 'Arquivar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => toggleArchive.mutate(client),
    });
  const archived = client.status === 'archived';
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/clientes" size="sm" w="fit-content">
        ← Clientes
      </Anchor>
      <Title order={1}>{client.name}</Title>
      <FormMessage message={feedback.message} />
      {editing && mayEdit ? (
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
          {(mayEdit || mayArchive) && (
            <Group gap="sm">
              {mayEdit && !archived && <Button onClick={() => setEditing(true)}>Editar</Button>}
              {mayArchive && archived && (
                <Button variant="default" loading={toggleArchive.isPending} onClick={() => toggleArchive.mutate(client)}>
                  Restaurar
                </Button>
              )}
              {mayArchive && !archived && (
                <Button variant="outline" color="red" loading={toggleArchive.isPending} onClick={askArchive}>
                  Arquivar
                </Button>
              )}
            </Group>
          )}
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
