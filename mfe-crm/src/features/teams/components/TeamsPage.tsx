import type { Team } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Badge, Button, Group, Link, Modal, Paper, SimpleGrid, Spinner, Stack, Text, Title, todayInSaoPaulo, useNavigate } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { monthLabel } from '../../../lib/months';
import { currentMembers, formatTarget, TARGETS } from '../api/teamModel';
import { useTeams } from '../api/teamQueries';

const TeamForm = lazy(() => import('./TeamForm').then((m) => ({ default: m.TeamForm })));

/** `/crm/times`: a card per team the user sees, with its managers, members and this month's targets. */
export default function TeamsPage(_props: PageProps) {
  const month = todayInSaoPaulo().slice(0, 7);
  const teams = useTeams(month);
  const mayManage = usePermission('times_gerenciar');
  const mayCompare = usePermission('times_comparar');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Times</Title>
        <Group gap="sm">
          {mayCompare && (teams.data?.length ?? 0) >= 2 && (
            <Button
              variant="default"
              component={Link}
              to={`/crm/times/comparar?ids=${encodeURIComponent((teams.data ?? []).slice(0, 2).map((t) => t.id).join(','))}`}
            >
              Comparar times
            </Button>
          )}
          {mayManage && <Button onClick={() => setCreating(true)}>Novo time</Button>}
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        Metas de {monthLabel(month)}
      </Text>
      {teams.isPending ? (
        <Spinner />
      ) : teams.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar os times">
          {teams.error.message}
        </Alert>
      ) : teams.data.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{mayManage ? 'Nenhum time cadastrado. Crie o primeiro em "Novo time".' : 'Você ainda não faz parte de nenhum time.'}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {teams.data.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo time" centered>
        <Suspense fallback={<Spinner />}>
          {creating && (
            <TeamForm
              team={null}
              onDone={(saved) => {
                setCreating(false);
                navigate(`/crm/times/detalhes?id=${encodeURIComponent(saved.id)}`);
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Stack>
  );
}

function TeamCard({ team }: { team: Team }) {
  const members = currentMembers(team);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Time ${team.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/crm/times/detalhes?id=${encodeURIComponent(team.id)}`} fw={600} size="lg">
            {team.name}
          </Anchor>
          {team.archived && <Badge color="gray">Arquivado</Badge>}
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            Gestão:{' '}
          </Text>
          {team.managers.map((m) => m.name).join(', ') || '—'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Integrantes:{' '}
          </Text>
          {members.length === 0 ? 'nenhum' : members.map((m) => m.name).join(', ')}
        </Text>
        {team.targets ? (
          <SimpleGrid cols={2} spacing={4}>
            {TARGETS.map(({ key, label }) => (
              <Text key={key} size="sm">
                <Text span c="dimmed">
                  {label}:{' '}
                </Text>
                {formatTarget(key, team.targets?.[key] ?? 0)}
              </Text>
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Sem metas neste mês.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
