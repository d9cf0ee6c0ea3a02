import type { CostCenter } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { confirmActiveChange, Spinner, Alert, Button, Group, Modal, Paper, Stack, Table, Text } from '@backoffice/ui';
import { lazy, Suspense, useState } from 'react';
import { useCostCenterMutations, useCostCenters } from '../api/costCenterQueries';
// The form (and zod) is fetched when it opens.
const CostCenterForm = lazy(() => import('./CostCenterForm').then((m) => ({ default: m.CostCenterForm })));

/** The cost centres: list, new, edit, deactivate and reactivate (nothing is deleted). */
export function CostCentersTab() {
  const list = useCostCenters();
  const mayEdit = usePermission('financeiro_cadastros_editar');
  const { update } = useCostCenterMutations();
  const [editing, setEditing] = useState<CostCenter | 'new' | null>(null);
  const centers = list.data?.items ?? [];

  const toggle = (center: CostCenter) =>
    confirmActiveChange({
      active: center.active,
      noun: 'centro de custo',
      name: `${center.code} ${center.name}`,
      done: `Centro de custo ${center.code} ${center.active ? 'desativado' : 'reativado'}.`,
      failure: 'Não foi possível alterar o centro de custo.',
      save: () => update.mutateAsync({ id: center.id, data: { version: center.version, active: !center.active } }),
    });

  if (list.isPending) return <Spinner />;
  if (list.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar os centros de custo">
        {list.error.message}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {centers.length === 1 ? '1 centro de custo' : `${centers.length} centros de custo`}
        </Text>
        {mayEdit && <Button onClick={() => setEditing('new')}>Novo centro de custo</Button>}
      </Group>
      {centers.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>Nenhum centro de custo cadastrado.</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table aria-label="Centros de custo" highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Código</Table.Th>
                <Table.Th scope="col">Nome</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                {mayEdit && <Table.Th scope="col">Ações</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {centers.map((center) => (
                <Table.Tr key={center.id} data-testid={`centro-${center.code}`} style={center.active ? undefined : { opacity: 0.6 }}>
                  <Table.Td ff="monospace">{center.code}</Table.Td>
                  <Table.Td>{center.name}</Table.Td>
                  <Table.Td>{center.active ? 'Ativo' : 'Inativo'}</Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(center)} aria-label={`Editar ${center.code}`}>
                          Editar
                        </Button>
                        <Button size="compact-xs" variant="subtle" color={center.active ? 'red' : undefined} onClick={() => toggle(center)} aria-label={`${center.active ? 'Desativar' : 'Reativar'} ${center.code}`}>
                          {center.active ? 'Desativar' : 'Reativar'}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Novo centro de custo' : `Editar ${editing?.code ?? ''}`} centered>
        <Suspense fallback={<Spinner />}>
          {editing !== null && <CostCenterForm center={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        </Suspense>
      </Modal>
    </Stack>
  );
}
