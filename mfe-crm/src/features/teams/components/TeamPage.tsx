import type { Team, TeamMemberDto } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  formatDate,
  Group,
  HistoryPanel,
  Link,
  modals,
  Modal,
  Paper,
  Spinner,
  Stack,
  Table,
  Text,
  Title,
  todayInSaoPaulo,
  notify,
  useSearchParams,
} from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { addMonths, monthLabel } from '../../../lib/months';
import { ROLE_IN_TEAM_LABELS } from '../api/teamModel';
import { useTeam, useTeamHistory, useTeamMutations } from '../api/teamQueries';
import { TargetsSection } from './TargetsSection';
import { TeamKpis } from './TeamKpis';

const TeamForm = lazy(() => import('./TeamForm').then((m) => ({ default: m.TeamForm })));
const MemberForm = lazy(() => import('./MemberForm').then((m) => ({ default: m.MemberForm })));
const EndMembershipForm = lazy(() => import('./MemberForm').then((m) => ({ default: m.EndMembershipForm })));

const HISTORY_LABELS = { name: 'Nome', unit_id: 'Unidade', manager_ids: 'Gestores', member: 'Integrante', month: 'Mês' };

/** `/crm/times/detalhes?id=`: a team's members over time, the month's targets and KPIs, and its history. */
export default function TeamPage(_props: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id)
    return (
      <Alert color="yellow" title="Nenhum time escolhido.">
        <Anchor component={Link} to="/crm/times">
          Voltar para os times
        </Anchor>
      </Alert>
    );
  return <TeamDetail key={id} id={id} />;
}

function TeamDetail({ id }: { id: string }) {
  const [month, setMonth] = useState(() => todayInSaoPaulo().slice(0, 7));
  const query = useTeam(id, month);
  const history = useTeamHistory(id);
  const mayManage = usePermission('times_gerenciar');
  const mayMembers = usePermission('times_integrantes');
  const { archive } = useTeamMutations();
  const [dialog, setDialog] = useState<'edit' | 'member' | TeamMemberDto | null>(null);

  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível abrir o time">
        {query.error.message}
      </Alert>
    );
  const team = query.data;
  const writable = !team.archived;
  const askArchive = () =>
    modals.openConfirmModal({
      title: 'Arquivar time',
      children: <Text size="sm">Arquivar {team.name}? O histórico e as metas ficam guardados.</Text>,
      labels: { confirm: 'Arquivar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => archive.mutate({ id }, { onSuccess: () => notify('Time arquivado.', 'success') }),
    });
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/crm/times" size="sm" w="fit-content">
        ← Times
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{team.name}</Title>
        <Group gap="xs">
          {team.archived && <Badge color="gray">Arquivado</Badge>}
          {mayManage && writable && (
            <>
              <Button variant="default" onClick={() => setDialog('edit')}>
                Editar
              </Button>
              <Button variant="outline" color="red" onClick={askArchive}>
                Arquivar
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Text size="sm">
        <Text span c="dimmed">
          Gestão:{' '}
        </Text>
        {team.managers.map((m) => m.name).join(', ') || '—'}
      </Text>
      <Members team={team} mayEdit={mayMembers && writable} onAdd={() => setDialog('member')} onEnd={(m) => setDialog(m)} />
      <Group gap="xs" aria-label="Mês das metas">
        <Button variant="subtle" size="compact-sm" onClick={() => setMonth(addMonths(month, -1))} aria-label="Mês anterior">
          ‹
        </Button>
        <Title order={2} size="h4">
          Metas de {monthLabel(month)}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => setMonth(addMonths(month, 1))} aria-label="Próximo mês">
          ›
        </Button>
      </Group>
      <TargetsSection team={team} mayManage={mayManage && writable} mayDistribute={mayMembers && writable} />
      <TeamKpis teamId={id} month={month} />
      <Title order={2} size="h4">
        Histórico
      </Title>
      <HistoryPanel entries={history.data} loading={history.isPending} error={history.error} onRetry={() => void history.refetch()} fieldLabels={HISTORY_LABELS} />
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog === 'edit' ? 'Editar time' : dialog === 'member' ? 'Incluir integrante' : 'Registrar saída'} centered>
        <Suspense fallback={<Spinner />}>
          {dialog === 'edit' && <TeamForm team={team} onDone={() => setDialog(null)} />}
          {dialog === 'member' && <MemberForm team={team} onDone={() => setDialog(null)} />}
          {dialog !== null && typeof dialog === 'object' && <EndMembershipForm team={team} member={dialog} onDone={() => setDialog(null)} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}

function Members({ team, mayEdit, onAdd, onEnd }: { team: Team; mayEdit: boolean; onAdd: () => void; onEnd: (m: TeamMemberDto) => void }) {
  const members = [...team.members].sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name, 'pt-BR'));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Integrantes
        </Title>
        {mayEdit && (
          <Button size="xs" onClick={onAdd}>
            Incluir integrante
          </Button>
        )}
      </Group>
      {members.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhum integrante.
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Integrantes" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nome</Table.Th>
                <Table.Th scope="col">Papel</Table.Th>
                <Table.Th scope="col">Entrada</Table.Th>
                <Table.Th scope="col">Saída</Table.Th>
                {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={m.id} style={m.current ? undefined : { opacity: 0.6 }}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{ROLE_IN_TEAM_LABELS[m.role_in_team] ?? m.role_in_team}</Table.Td>
                  <Table.Td>{formatDate(m.joined_on)}</Table.Td>
                  <Table.Td>{m.left_on ? formatDate(m.left_on) : '—'}</Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      {!m.left_on && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onEnd(m)} aria-label={`Registrar saída de ${m.name}`}>
                          Registrar saída
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

