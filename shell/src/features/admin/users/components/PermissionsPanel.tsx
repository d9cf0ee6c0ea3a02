import type { PermissionDecision } from '@backoffice/api-client/endpoints';
import { formatDateTime, notify, Spinner, Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@backoffice/ui';
import { useMemo, useState } from 'react';
import { usePermissionCatalog, useSetUserPermission, useUserPermissions, type User } from '../api/usersApi';
import { capitalize, permissionRows, sourceOf, type PermissionRow } from './permissionsModel';
import { ReasonDialog } from './ReasonDialog';

interface Pending {
  row: PermissionRow;
  decision: PermissionDecision;
}

const DECISION_TEXT: Record<PermissionDecision, { title: string; confirm: string; done: string }> = {
  CONCEDER: { title: 'Conceder permissão', confirm: 'Conceder', done: 'concedida' },
  REVOGAR: { title: 'Revogar permissão', confirm: 'Revogar', done: 'revogada' },
  PADRAO: { title: 'Voltar ao padrão do perfil', confirm: 'Voltar ao padrão', done: 'de volta ao padrão do perfil' },
};

/**
 * A user's permissions: which come from their role (or flags), which are exceptions an administrator made
 * (with who, when and why), and one permission granted or revoked at a time with a required reason.
 */
export function PermissionsPanel({ user, readOnly }: { user: User; readOnly?: boolean }) {
  const catalog = usePermissionCatalog();
  const held = useUserPermissions(user.uid);
  const setPermission = useSetUserPermission(user.uid);
  const [pending, setPending] = useState<Pending | null>(null);
  const rows = useMemo(
    () => (catalog.data && held.data ? permissionRows(user, catalog.data, held.data) : []),
    [catalog.data, held.data, user],
  );

  if (catalog.error || held.error) {
    return (
      <Alert color="red" title="Não foi possível carregar as permissões">
        {(catalog.error ?? held.error)?.message}
      </Alert>
    );
  }
  if (!catalog.data || !held.data) return <Spinner label="Carregando as permissões…" />;

  const exceptions = rows.filter((row) => row.exception);
  const confirm = async (reason: string) => {
    if (!pending) return;
    await setPermission.mutateAsync({ code: pending.row.code, decision: pending.decision, reason });
    notify(`Permissão “${pending.row.label}” ${DECISION_TEXT[pending.decision].done}.`, 'success');
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="exceptions-title">
        <Title order={3} size="h5" id="exceptions-title" mb="xs">
          Exceções ao perfil
        </Title>
        {exceptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma: tudo o que este usuário pode fazer vem do perfil e das permissões especiais.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Exceções ao perfil">
            {exceptions.map((row) => (
              <li key={row.code}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={row.exception?.granted ? 'green' : 'red'} variant="light" tt="none">
                    {row.exception?.granted ? 'Concedida' : 'Revogada'}
                  </Badge>
                  <div>
                    <Text size="sm" fw={500}>
                      {capitalize(row.label)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.exception && `${formatDateTime(row.exception.at)} — motivo: ${row.exception.reason}`}
                    </Text>
                  </div>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Permissões do usuário" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Permissão</Table.Th>
              <Table.Th>Origem</Table.Th>
              <Table.Th>Tem agora</Table.Th>
              {!readOnly && <Table.Th>Ações</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.code} data-permission={row.code}>
                <Table.Td>{capitalize(row.label)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" color={row.exception ? (row.exception.granted ? 'green' : 'red') : row.byRole ? 'blue' : 'gray'}>
                    {sourceOf(row)}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.held ? 'Sim' : 'Não'}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    {row.editable ? (
                      <Group gap={4} wrap="nowrap">
                        {row.held ? (
                          <Button size="compact-xs" variant="subtle" color="red" aria-label={`Revogar ${row.label}`} onClick={() => setPending({ row, decision: 'REVOGAR' })}>
                            Revogar
                          </Button>
                        ) : (
                          <Button size="compact-xs" variant="subtle" aria-label={`Conceder ${row.label}`} onClick={() => setPending({ row, decision: 'CONCEDER' })}>
                            Conceder
                          </Button>
                        )}
                        {row.exception && (
                          <Button size="compact-xs" variant="subtle" color="gray" aria-label={`Voltar ao padrão: ${row.label}`} onClick={() => setPending({ row, decision: 'PADRAO' })}>
                            Voltar ao padrão
                          </Button>
                        )}
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed">
                        Fixa
                      </Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ReasonDialogFor pending={pending} user={user} onClose={() => setPending(null)} onConfirm={confirm} />
    </Stack>
  );
}

function ReasonDialogFor({ pending, user, onClose, onConfirm }: { pending: Pending | null; user: User; onClose: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const text = pending ? DECISION_TEXT[pending.decision] : DECISION_TEXT.CONCEDER;
  const what = pending ? `“${pending.row.label}”` : '';
  const description =
    pending?.decision === 'PADRAO'
      ? `A permissão ${what} volta a seguir o perfil de ${user.name}.`
      : pending?.decision === 'REVOGAR'
        ? `${user.name} deixa de poder ${pending.row.label}, qualquer que seja o perfil.`
        : `${user.name} passa a poder ${pending?.row.label ?? ''}, qualquer que seja o perfil.`;
  return (
    <ReasonDialog
      opened={pending !== null}
      title={text.title}
      description={description}
      confirmLabel={text.confirm}
      confirmColor={pending?.decision === 'REVOGAR' ? 'red' : undefined}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
