import type { Activity } from '@backoffice/api-client/endpoints';
import { Anchor, Badge, Button, Checkbox, Group, Link, Table, Text, formatDateTime } from '@backoffice/ui';
import { KIND_LABELS, OUTCOME_LABELS } from '../api/activityModel';

interface Props {
  items: readonly Activity[];
  /** Selection for the bulk operations (a manager's open activities); absent: no checkboxes. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], on: boolean) => void;
  onComplete: (a: Activity) => void;
  onEdit: (a: Activity) => void;
  showClient?: boolean;
}

/** Activities as rows: when, kind, subject, client, owner, and what can be done with each. */
export function ActivityTable({ items, selected, onSelect, onComplete, onEdit, showClient = true }: Props) {
  const selectable = items.filter((a) => !a.done_at);
  const allOn = selectable.length > 0 && selectable.every((a) => selected?.has(a.id));
  return (
    <Table striped highlightOnHover aria-label="Atividades">
      <Table.Thead>
        <Table.Tr>
          {onSelect && (
            <Table.Th w={40}>
              <Checkbox aria-label="Selecionar todas" checked={allOn} onChange={(e) => onSelect(selectable.map((a) => a.id), e.currentTarget.checked)} />
            </Table.Th>
          )}
          <Table.Th>Vencimento</Table.Th>
          <Table.Th>Tipo</Table.Th>
          <Table.Th>Assunto</Table.Th>
          {showClient && <Table.Th>Cliente</Table.Th>}
          <Table.Th>Responsável</Table.Th>
          <Table.Th>Situação</Table.Th>
          <Table.Th aria-label="Ações" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((a) => (
          <Table.Tr key={a.id} aria-label={a.subject}>
            {onSelect && (
              <Table.Td>
                {!a.done_at && <Checkbox aria-label={`Selecionar ${a.subject}`} checked={selected?.has(a.id) ?? false} onChange={(e) => onSelect([a.id], e.currentTarget.checked)} />}
              </Table.Td>
            )}
            <Table.Td>{formatDateTime(a.due_at)}</Table.Td>
            <Table.Td>{KIND_LABELS[a.kind] ?? a.kind}</Table.Td>
            <Table.Td>
              <Text size="sm">{a.subject}</Text>
              {a.notes && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {a.notes}
                </Text>
              )}
            </Table.Td>
            {showClient && (
              <Table.Td>
                {a.client_id ? (
                  <Anchor component={Link} to={`/cliente?id=${encodeURIComponent(a.client_id)}`} size="sm">
                    {a.client_name ?? 'Cliente'}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            )}
            <Table.Td>{a.owner_name}</Table.Td>
            <Table.Td>
              {a.outcome ? (
                <Badge color="green" variant="light">
                  {OUTCOME_LABELS[a.outcome] ?? a.outcome}
                </Badge>
              ) : a.overdue ? (
                <Badge color="red" variant="light">
                  Atrasada
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Pendente
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {!a.done_at && (
                  <Button size="xs" onClick={() => onComplete(a)} aria-label={`Concluir ${a.subject}`}>
                    Concluir
                  </Button>
                )}
                {!a.done_at && (
                  <Button component={Link} to={`/timer?atividade=${encodeURIComponent(a.id)}`} size="xs" variant="light" aria-label={`Cronômetro de ${a.subject}`}>
                    Cronômetro
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => onEdit(a)} aria-label={`${a.done_at ? 'Editar anotações de' : 'Editar'} ${a.subject}`}>
                  {a.done_at ? 'Anotações' : 'Editar'}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
