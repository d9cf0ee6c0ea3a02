import { useGetClient, type Address, type Client } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { formatDate, maskCep, maskDocument, maskPhone, Spinner, useNotify, Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title, modals, Link, useNavigate, useSearchParams } from '@backoffice/ui';
import { usePickers } from '../../../lib/pickers';
import { ClientConsents } from './ClientConsents';
import { ClientHistory } from './ClientDetail';
import { Suspense, useState, type ComponentType } from 'react';
import { KIND_LABELS, STATUS_LABELS } from '../api/clientModel';
import { useClientMutations } from '../hooks/useClientMutations';
import { ClientForm } from './ClientForm';
import { EMPTY_FORM, formFromClient, inputFromForm, patchFromForm, type ClientFormValues } from './clientFormModel';

/** Who may do what here (the server's permissions, generated into packages/auth). */
const EDIT = 'clientes_editar';
const ARCHIVE = 'clientes_arquivar';

/**
 * `/cliente` creates; `/cliente?id=…` shows one client, with edit, archive and restore for the roles that may
 * (the others see the client only).
 */
export default function ClientPage({ activities, opportunities }: PageProps & { activities?: ActivitiesTab; opportunities?: OpportunitiesTab }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <ExistingClient key={id} id={id} activities={activities} opportunities={opportunities} /> : <NewClient />;
}

/** The *Atividades* tab, from the activities feature (composed in `src/app`). */
export type ActivitiesTab = ComponentType<{ clientId: string }>;
/** The *Oportunidades* tab, from the funnel feature (composed in `src/app`). */
export type OpportunitiesTab = ComponentType<{ clientId: string; clientName: string }>;

function FormMessage({ message }: { message: string | null | undefined }) {
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
  const { create } = useClientMutations();
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
  const save = async (values: ClientFormValues) => {
    const client = await create.mutateAsync({ data: inputFromForm(values) });
    notify('Cliente cadastrado.', 'success');
    navigate(`/cliente?id=${encodeURIComponent(client.id)}`, { replace: true });
  };
  return (
    <Stack gap="md">
      <Title order={1}>Novo cliente</Title>
      <ClientForm initial={EMPTY_FORM} submitLabel="Cadastrar" onSubmit={save} onCancel={() => navigate('/clientes')} />
    </Stack>
  );
}

function ExistingClient({ id, activities: Activities, opportunities: Opportunities }: { id: string; activities?: ActivitiesTab; opportunities?: OpportunitiesTab }) {
  const mayEdit = usePermission(EDIT);
  const mayArchive = usePermission(ARCHIVE);
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const query = useGetClient(id);
  const { update, archive, restore } = useClientMutations();
  const save = async (values: ClientFormValues) => {
    await update.mutateAsync({ id, data: patchFromForm(values) });
    notify('Alterações salvas.', 'success');
    setEditing(false);
  };
  const toggleArchive = (client: Client) => {
    const archived = client.status === 'archived';
    const mutation = archived ? restore : archive;
    mutation.mutate({ id }, { onSuccess: () => notify(archived ? 'Cliente restaurado.' : 'Cliente arquivado.', 'success') });
  };
  const archiving = archive.isPending || restore.isPending;
  const archiveError = archive.error ?? restore.error;

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
      onConfirm: () => toggleArchive(client),
    });
  const archived = client.status === 'archived';
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/clientes" size="sm" w="fit-content">
        ← Clientes
      </Anchor>
      <Title order={1}>{client.name}</Title>
      <FormMessage message={archiveError?.message} />
      {editing && mayEdit ? (
        <ClientForm initial={formFromClient(client)} submitLabel="Salvar" onSubmit={save} onCancel={() => setEditing(false)} />
      ) : (
        <>
          <Tabs defaultValue="dados" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="dados">Dados</Tabs.Tab>
              {Opportunities && <Tabs.Tab value="oportunidades">Oportunidades</Tabs.Tab>}
              {Activities && <Tabs.Tab value="atividades">Atividades</Tabs.Tab>}
              <Tabs.Tab value="consentimentos">Consentimentos</Tabs.Tab>
              <Tabs.Tab value="historico">Histórico</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="dados" pt="md">
              <ClientDetails client={client} />
            </Tabs.Panel>
            {Opportunities && (
              <Tabs.Panel value="oportunidades" pt="md">
                <Suspense fallback={<Spinner />}>
                  <Opportunities clientId={client.id} clientName={client.name} />
                </Suspense>
              </Tabs.Panel>
            )}
            {Activities && (
              <Tabs.Panel value="atividades" pt="md">
                <Suspense fallback={<Spinner />}>
                  <Activities clientId={client.id} />
                </Suspense>
              </Tabs.Panel>
            )}
            <Tabs.Panel value="consentimentos" pt="md">
              <ClientConsents client={client} />
            </Tabs.Panel>
            <Tabs.Panel value="historico" pt="md">
              <ClientHistory client={client} />
            </Tabs.Panel>
          </Tabs>
          {(mayEdit || mayArchive) && (
            <Group gap="sm">
              {mayEdit && !archived && <Button onClick={() => setEditing(true)}>Editar</Button>}
              {mayArchive && archived && (
                <Button variant="default" loading={archiving} onClick={() => toggleArchive(client)}>
                  Restaurar
                </Button>
              )}
              {mayArchive && !archived && (
                <Button variant="outline" color="red" loading={archiving} onClick={askArchive}>
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
  const { units } = usePickers();
  const unit = units.data?.find((u) => u.id === client.unit_id);
  const rows: Array<[string, string]> = [
    ['Tipo', KIND_LABELS[client.kind]],
    [client.kind === 'person' ? 'CPF' : 'CNPJ', client.document_formatted || maskDocument(client.document, client.kind)],
    ['Nome fantasia', client.trade_name ?? '—'],
    ['Situação', STATUS_LABELS[client.status]],
    ['E-mails', client.emails.join(', ') || '—'],
    ['Telefones', client.phones.map((p) => maskPhone(p)).join(', ') || '—'],
    ['Endereço', a ? formatAddress(a) : '—'],
    ['Responsável', client.owner_name ?? '—'],
    ['Unidade', unit ? unit.name : '—'],
    ['Etiquetas', client.tags.join(', ') || '—'],
    ...(client.kind === 'person' ? ([['Data de nascimento', client.birth_date ? formatDate(client.birth_date) : '—']] as Array<[string, string]>) : []),
    ['Não contatar', client.do_not_contact ? 'Sim' : 'Não'],
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
