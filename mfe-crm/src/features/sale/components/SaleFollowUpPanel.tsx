import { useListSaleFollowUpTracks, type Sale } from '@backoffice/api-client/endpoints';
import { Anchor, Badge, Group, Link, Paper, Stack, Table, Text, Title, formatDate } from '@backoffice/ui';
import { KIND_LABELS, SLA_COLORS, SLA_LABELS, STATUS_LABELS, itemLine } from '../../../lib/followUpVocabulary';

/** The sale page's "Follow-up": each product or procedure with where it stands (the board takes the steps). */
export function SaleFollowUpPanel({ sale }: { sale: Sale }) {
  const tracks = useListSaleFollowUpTracks(sale.id);
  if (!tracks.data?.length) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Follow-up
          </Title>
          <Anchor component={Link} to="/follow-up-pedidos" size="sm">
            Abrir o follow-up de pedidos
          </Anchor>
        </Group>
        <Table aria-label="Follow-up da venda">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Detalhe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tracks.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{itemLine(t)}</Table.Td>
                <Table.Td>{KIND_LABELS[t.kind]}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{STATUS_LABELS[t.status]}</Text>
                    {t.sla && (
                      <Badge color={SLA_COLORS[t.sla]} tt="none">
                        {SLA_LABELS[t.sla]}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {t.tracking_code
                    ? `Rastreio: ${t.tracking_code}`
                    : t.scheduled_on
                      ? `Agendado para ${formatDate(t.scheduled_on)}${t.professional ? ` · ${t.professional}` : ''}`
                      : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
