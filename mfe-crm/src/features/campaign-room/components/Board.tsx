import type { CampaignRoomBoard, CampaignRoomGoal, CampaignRoomRanked } from '@backoffice/api-client/endpoints';
import { Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title, formatCentavos, formatDate, formatDateTime } from '@backoffice/ui';
import type { ReactNode } from 'react';
import { barValue, goalText } from '../api/campaignRoomModel';
import { TV_COLORS } from './tvColors';
import { Countdown } from './Countdown';

/** One campaign's board: countdown and goals on top, rankings, the ticker and the price list below. */
export function Board({ board, offsetMs }: { board: CampaignRoomBoard; offsetMs: number }) {
  const { campaign } = board;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="end">
        <Text fz={28} c={TV_COLORS.muted}>
          {formatDate(campaign.starts_on)} a {formatDate(campaign.ends_on)}
        </Text>
        <Countdown endsAt={campaign.ends_at} offsetMs={offsetMs} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" aria-label="Metas da campanha">
        <GoalPanel title="Meta de valor" goal={board.value} show={formatCentavos} />
        <GoalPanel title="Meta de vendas" goal={board.count} show={String} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="xl">
        <Ranking title="Ranking dos times" rows={board.teams} />
        <Ranking title="Top vendedores por valor" rows={board.top_by_value} />
        <Ranking title="Top vendedores por quantidade" rows={board.top_by_count} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Panel title="Últimas vendas">
          {board.ticker.length === 0 ? (
            <Text fz={24}>Nenhuma venda na campanha ainda.</Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {board.ticker.map((t, i) => (
                <Text key={`${t.confirmed_at}-${i}`} component="li" fz={24}>
                  <Text span c={TV_COLORS.muted} fz={20}>
                    {formatDateTime(t.confirmed_at).slice(11)}
                  </Text>{' '}
                  <strong>{t.first_name}</strong> vendeu {t.item}
                </Text>
              ))}
            </Stack>
          )}
        </Panel>
        <Panel title="Preços da campanha">
          <Table fz={22} c={TV_COLORS.text} aria-label="Preços da campanha">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">De</Table.Th>
                <Table.Th ta="right">Por</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.prices.map((p) => (
                <Table.Tr key={p.catalog_item_id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td ta="right" c={TV_COLORS.muted} style={{ textDecoration: 'line-through' }}>
                    {formatCentavos(p.list_price)}
                  </Table.Td>
                  <Table.Td ta="right" c={TV_COLORS.accent} fw={700}>
                    {formatCentavos(p.promo_price)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="lg" radius="md" bg={TV_COLORS.panel} c={TV_COLORS.text} aria-label={title} component="section">
      <Title order={2} fz={30} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A goal: what was done, of how much, and the bar. */
function GoalPanel({ title, goal, show }: { title: string; goal: CampaignRoomGoal; show: (n: number) => string }) {
  return (
    <Panel title={title}>
      <Text fz={40} fw={700}>
        {show(goal.done)}
        {goal.goal != null && (
          <Text span fz={28} c={TV_COLORS.muted}>
            {' '}
            de {show(goal.goal)}
          </Text>
        )}
      </Text>
      <Progress value={barValue(goal.progress_bp)} size={28} radius="xl" color="yellow" mt="sm" aria-label={`${title}: ${goalText(goal.progress_bp)}`} />
      <Text fz={24} mt="xs">
        {goalText(goal.progress_bp)}
      </Text>
    </Panel>
  );
}

/** A ranking: position, name, value and number of sales. */
function Ranking({ title, rows }: { title: string; rows: CampaignRoomRanked[] }) {
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <Text fz={24}>Sem vendas ainda.</Text>
      ) : (
        <Table fz={22} c={TV_COLORS.text} aria-label={title}>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={`${r.name}-${i}`}>
                <Table.Td w={48} fw={700} c={TV_COLORS.accent}>
                  {i + 1}º
                </Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right">{formatCentavos(r.value)}</Table.Td>
                <Table.Td ta="right">{r.count === 1 ? '1 venda' : `${r.count} vendas`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
