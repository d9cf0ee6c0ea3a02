import type { CrmUser } from '@backoffice/api-client/endpoints';
import { usePermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Badge, Button, formatDate, Group, HistoryPanel, LabeledValue, Link, maskDocument, maskPhone, Modal, notify, Paper, SimpleGrid, Spinner, Stack, Title, useSearchParams } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { usePickers } from '../../../lib/pickers';
import { EMPLOYMENT_LABELS, formatBasisPoints, useCrmUser, useCrmUserHistory, useCrmUserMutations } from '../api/crmUserQueries';
import { PayoutSection } from './PayoutSection';
import { PROFILE_LABELS } from './profileLabels';
import { UserKpis } from './UserKpis';

const ProfileForm = lazy(() => import('./ProfileForm').then((m) => ({ default: m.ProfileForm })));

/** `/crm/usuarios/detalhes?id=`: one salesperson's profile, its teams, month KPIs, pipeline, activities, target history and history (a salesperson sees their own). */
export default function CrmUserPage(_props: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id)
    return (
      <Alert color="yellow" title="Nenhum usuário escolhido.">
        <Anchor component={Link} to="/crm/usuarios">
          Voltar para os usuários
        </Anchor>
      </Alert>
    );
  return <Profile key={id} id={id} />;
}

function Profile({ id }: { id: string }) {
  const query = useCrmUser(id);
  const history = useCrmUserHistory(id);
  const mayEdit = usePermission('usuarios_crm_editar');
  const mayReadPayout = usePermission('usuarios_crm_pagamento_ler');
  const self = useSession().user?.uid === id;
  const { update } = useCrmUserMutations();
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível abrir o perfil">
        {query.error.message}
      </Alert>
    );
  const user = query.data;
  const toggle = () =>
    update.mutate({ userId: user.user_id, data: { active: !user.active } }, { onSuccess: () => notify(user.active ? 'Perfil desativado.' : 'Perfil reativado.', 'success') });
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/crm/usuarios" size="sm" w="fit-content">
        ← Usuários do CRM
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{user.display_name}</Title>
        <Group gap="xs">
          {user.active ? <Badge color="green">Ativo</Badge> : <Badge color="gray">Inativo</Badge>}
          {mayEdit && (
            <>
              <Button variant="default" onClick={() => setEditing(true)}>
                Editar
              </Button>
              <Button variant="outline" color={user.active ? 'red' : undefined} onClick={toggle} loading={update.isPending}>
                {user.active ? 'Desativar' : 'Reativar'}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Details user={user} />
      <UserKpis userId={user.user_id} />
      {(self || mayReadPayout) && <PayoutSection userId={user.user_id} mayEdit={self || mayEdit} />}
      <Title order={2} size="h4">
        Histórico
      </Title>
      <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={PROFILE_LABELS} />
      <Modal opened={editing} onClose={() => setEditing(false)} title="Editar perfil" centered size="lg">
        <Suspense fallback={<Spinner />}>{editing && <ProfileForm profile={user} onDone={() => setEditing(false)} />}</Suspense>
      </Modal>
    </Stack>
  );
}

function Details({ user }: { user: CrmUser }) {
  const { units } = usePickers();
  const unit = units.data?.find((u) => u.id === user.unit_id);
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <LabeledValue label="E-mail">{user.email}</LabeledValue>
        <LabeledValue label="Papel">{user.role === 'SALES_MANAGER' ? 'Gerente de vendas' : 'Vendedor'}</LabeledValue>
        <LabeledValue label="Times">{user.teams.map((t) => t.name).join(', ') || '—'}</LabeledValue>
        <LabeledValue label="Unidade">{unit ? unit.name : '—'}</LabeledValue>
        <LabeledValue label="WhatsApp">{user.whatsapp ? maskPhone(user.whatsapp) : '—'}</LabeledValue>
        <LabeledValue label="Vínculo">{EMPLOYMENT_LABELS[user.employment] ?? user.employment}</LabeledValue>
        {user.employment === 'pj' && (
          <>
            <LabeledValue label="CNPJ">{user.cnpj ? maskDocument(user.cnpj, 'company') : '—'}</LabeledValue>
            <LabeledValue label="Razão social">{user.legal_name ?? '—'}</LabeledValue>
            <LabeledValue label="Município">{user.municipality ?? '—'}</LabeledValue>
          </>
        )}
        <LabeledValue label="Limite de desconto">{formatBasisPoints(user.discount_limit_bp)}</LabeledValue>
        <LabeledValue label="Admissão">{user.hired_on ? formatDate(user.hired_on) : '—'}</LabeledValue>
        <LabeledValue label="Saída">{user.left_on ? formatDate(user.left_on) : '—'}</LabeledValue>
      </SimpleGrid>
    </Paper>
  );
}
