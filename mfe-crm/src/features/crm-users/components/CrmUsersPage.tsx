import type { CrmUser } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { useListCrmUserKpis } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Badge, Button, Group, Link, Modal, Paper, Spinner, Stack, Table, Text, Title, todayInSaoPaulo, useNavigate } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { KpiCells, KpiHeaders, SalesPendingNote } from '../../../lib/KpiParts';
import { usePickers } from '../../../lib/pickers';
import { monthLabel } from '../../../lib/months';
import { EMPLOYMENT_LABELS, formatBasisPoints, useCrmUsers } from '../api/crmUserQueries';

const ProfileForm = lazy(() => import('./ProfileForm').then((m) => ({ default: m.ProfileForm })));

export function userPath(user: Pick<CrmUser, 'user_id'>): string {
  return `/crm/usuarios/detalhes?id=${encodeURIComponent(user.user_id)}`;
}

/** `/crm/usuarios`: the salespeople's CRM profiles the user reaches (a manager: their teams'), with the month's KPIs. */
export default function CrmUsersPage(_props: PageProps) {
  const list = useCrmUsers();
  const month = todayInSaoPaulo().slice(0, 7);
  // The month's KPIs of the whole list in one request.
  const kpis = useListCrmUserKpis({ month });
  const kpisOf = (uid: string) => kpis.data?.find((k) => k.user_id === uid)?.kpis;
  const { units } = usePickers();
  const mayEdit = usePermission('usuarios_crm_editar');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const unitName = (id: string | null | undefined) => units.data?.find((u) => u.id === id)?.name ?? '—';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Usuários do CRM</Title>
        {mayEdit && <Button onClick={() => setCreating(true)}>Novo perfil</Button>}
      </Group>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar os perfis">
          {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>Nenhum perfil de vendas cadastrado.</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Usuários do CRM" highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nome</Table.Th>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Unidade</Table.Th>
                <Table.Th scope="col">Vínculo</Table.Th>
                <Table.Th scope="col" ta="right">
                  Limite de desconto
                </Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <KpiHeaders />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((u) => (
                <Table.Tr key={u.user_id} style={u.active ? undefined : { opacity: 0.6 }}>
                  <Table.Td>
                    <Anchor component={Link} to={userPath(u)}>
                      {u.display_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {u.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{u.teams.map((t) => t.name).join(', ') || '—'}</Table.Td>
                  <Table.Td>{unitName(u.unit_id)}</Table.Td>
                  <Table.Td>{EMPLOYMENT_LABELS[u.employment] ?? u.employment}</Table.Td>
                  <Table.Td ta="right">{formatBasisPoints(u.discount_limit_bp)}</Table.Td>
                  <Table.Td>{u.active ? <Badge color="green">Ativo</Badge> : <Badge color="gray">Inativo</Badge>}</Table.Td>
                  <KpiCells kpis={kpisOf(u.user_id)} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {list.data && list.data.length > 0 && (
        <Text size="xs" c="dimmed">
          Indicadores de {monthLabel(month)}
          {kpis.isError ? ' indisponíveis no momento.' : '.'}
        </Text>
      )}
      {list.data && list.data.length > 0 && <SalesPendingNote />}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo perfil de vendas" centered size="lg">
        <Suspense fallback={<Spinner />}>
          {creating && (
            <ProfileForm
              profile={null}
              onDone={(saved) => {
                setCreating(false);
                navigate(userPath(saved));
              }}
            />
          )}
        </Suspense>
      </Modal>
    </Stack>
  );
}
