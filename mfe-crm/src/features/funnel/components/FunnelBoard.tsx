import type { FunnelBoard as Board, FunnelColumn, FunnelStage, Opportunity } from '@backoffice/api-client/endpoints';
import { Badge, Box, Button, formatCentavos, formatInteger, Group, Menu, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@backoffice/ui';
import { useState, type DragEvent } from 'react';
import { canDrop, IDLE_WARNING_DAYS, personOf } from '../api/funnelModel';
import { useOpportunityList } from '../api/funnelQueries';

interface FunnelBoardProps {
  board: Board;
  query: Record<string, unknown>;
  mayWrite: boolean;
  onOpen: (card: Opportunity) => void;
  onMove: (card: Opportunity, stage: FunnelStage) => void;
}

/**
 * The kanban: a column per stage with its count and value, the newest cards first and "Carregar mais" for the
 * rest. A card is dragged to another working stage (HTML drag and drop: the board only drops on columns, it never
 * reorders inside one, so a library would add weight for nothing) or moved from its menu, which is also what the
 * keyboard uses.
 */
export function FunnelBoard({ board, query, mayWrite, onOpen, onMove }: FunnelBoardProps) {
  const [dragged, setDragged] = useState<Opportunity | null>(null);
  const working = board.columns.filter((c) => c.stage.kind === 'aberta' && !c.stage.archived).map((c) => c.stage);
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
        {board.columns.map((column) => (
          <Column
            key={column.stage.id}
            column={column}
            query={query}
            dragged={dragged}
            mayWrite={mayWrite}
            targets={working}
            onDragStart={setDragged}
            onDragEnd={() => setDragged(null)}
            onDrop={(id) => {
              const card = dragged?.id === id ? dragged : board.columns.flatMap((c) => c.cards).find((c) => c.id === id);
              if (card && mayWrite && canDrop(card, column)) onMove(card, column.stage);
            }}
            onOpen={onOpen}
            onMove={onMove}
          />
        ))}
      </Group>
    </ScrollArea>
  );
}

interface ColumnProps {
  column: FunnelColumn;
  query: Record<string, unknown>;
  dragged: Opportunity | null;
  mayWrite: boolean;
  targets: FunnelStage[];
  onDragStart: (card: Opportunity) => void;
  onDragEnd: () => void;
  /** The dropped card's id (from the drag's data: the drop does not depend on a render after the drag began). */
  onDrop: (id: string) => void;
  onOpen: (card: Opportunity) => void;
  onMove: (card: Opportunity, stage: FunnelStage) => void;
}

const PAGE = 20;

function Column({ column, query, dragged, mayWrite, targets, onDragStart, onDragEnd, onDrop, onOpen, onMove }: ColumnProps) {
  const [pages, setPages] = useState(0);
  // "Carregar mais" reads the column again, one page longer each time (newest in the stage first, as the board).
  const more = useOpportunityList({ ...query, stage_id: column.stage.id, sort: 'etapa', page: 1, page_size: column.cards.length + PAGE * pages }, pages > 0);
  const shown = pages > 0 && more.data ? more.data.items : column.cards;
  const droppable = dragged !== null && mayWrite && canDrop(dragged, column);
  const terminal = column.stage.kind !== 'aberta';
  // A working column takes drops whatever React has rendered yet; the drop checks the card itself.
  const over = (e: DragEvent) => {
    if (mayWrite && !terminal && !column.stage.archived) e.preventDefault();
  };
  return (
    <Paper
      component="section"
      aria-label={`Etapa ${column.stage.name}`}
      data-stage={column.stage.id}
      withBorder
      radius="md"
      p="xs"
      w={272}
      miw={272}
      bg={droppable ? 'var(--mantine-color-blue-light)' : terminal ? 'var(--mantine-color-gray-light)' : undefined}
      onDragOver={over}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        const id = e.dataTransfer.getData('text/plain') || dragged?.id;
        if (id) onDrop(id);
      }}
    >
      <Stack gap={6}>
        <Box>
          <Text fw={600} size="sm">
            {column.stage.name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="column-totals">
            {formatInteger(column.count)} · {formatCentavos(column.value_cents)}
            {terminal && ' · últimos 30 dias'}
          </Text>
        </Box>
        {shown.map((card) => (
          <Card key={card.id} card={card} mayWrite={mayWrite} targets={targets} onOpen={onOpen} onMove={onMove} onDragStart={onDragStart} onDragEnd={onDragEnd} />
        ))}
        {shown.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="sm">
            Nenhuma oportunidade
          </Text>
        )}
        {shown.length < column.count && (
          <Button variant="subtle" size="compact-xs" loading={more.isFetching} onClick={() => setPages((p) => p + 1)}>
            Carregar mais ({formatInteger(column.count - shown.length)})
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

interface CardProps {
  card: Opportunity;
  mayWrite: boolean;
  targets: FunnelStage[];
  onOpen: (card: Opportunity) => void;
  onMove: (card: Opportunity, stage: FunnelStage) => void;
  onDragStart: (card: Opportunity) => void;
  onDragEnd: () => void;
}

function Card({ card, mayWrite, targets, onOpen, onMove, onDragStart, onDragEnd }: CardProps) {
  const movable = mayWrite && card.status !== 'ganha';
  return (
    <Paper
      component="article"
      withBorder
      radius="sm"
      p={8}
      shadow="xs"
      draggable={movable}
      aria-label={`Oportunidade ${card.title}`}
      data-opportunity={card.id}
      style={{ cursor: movable ? 'grab' : 'default' }}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', card.id);
        onDragStart(card);
      }}
      onDragEnd={onDragEnd}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <UnstyledButton onClick={() => onOpen(card)} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2}>
            {card.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {personOf(card)}
          </Text>
        </UnstyledButton>
        {movable && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" aria-label={`Mover ${card.title}`}>
                ⋯
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Mover para</Menu.Label>
              {targets
                .filter((s) => s.id !== card.stage_id)
                .map((s) => (
                  <Menu.Item key={s.id} onClick={() => onMove(card, s)}>
                    {s.name}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group justify="space-between" mt={4} gap={4}>
        <Text size="xs" fw={600}>
          {formatCentavos(card.expected_value_cents)}
        </Text>
        <Group gap={4}>
          {card.marketing_link_code && (
            <Badge size="xs" variant="light" color="grape" title="Link de marketing">
              {card.marketing_link_code}
            </Badge>
          )}
          {card.status === 'aberta' && card.idle_days >= IDLE_WARNING_DAYS && (
            <Badge size="xs" variant="light" color="orange">
              parado há {card.idle_days} dias
            </Badge>
          )}
          {card.status === 'perdida' && card.lost_reason_label && (
            <Badge size="xs" variant="light" color="red">
              {card.lost_reason_label}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {card.owner_name}
      </Text>
    </Paper>
  );
}
