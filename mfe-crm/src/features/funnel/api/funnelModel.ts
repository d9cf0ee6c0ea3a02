import type { FunnelBoard, FunnelColumn, Opportunity } from '@backoffice/api-client/endpoints';

/** The board's and the list's filters, as the URL and the API name them. */
export const FUNNEL_FILTERS = ['view', 'team_id', 'owner_id', 'source', 'link_id', 'from', 'to', 'idle_days', 'q'] as const;
export type FunnelFilter = (typeof FUNNEL_FILTERS)[number];

/** A card idle for this many days or more is flagged on the board. */
export const IDLE_WARNING_DAYS = 7;

export const OPPORTUNITY_FIELD_LABELS: Record<string, string> = {
  title: 'Título',
  client_id: 'Cliente',
  contact_name: 'Nome do contato',
  contact_phone: 'Telefone do contato',
  contact_email: 'E-mail do contato',
  contact: 'Contato',
  owner_id: 'Responsável',
  team_id: 'Time',
  stage_id: 'Etapa',
  expected_value_cents: 'Valor esperado',
  expected_close_on: 'Previsão de fechamento',
  source: 'Origem',
  marketing_link_id: 'Link de marketing',
  link_code: 'Código do link',
  attribution_reason: 'Motivo da mudança de atribuição',
  lost_reason: 'Motivo da perda',
  won_sale_id: 'Venda',
  reason: 'Motivo',
  note: 'Observação',
};

/** Who the opportunity is about: the client, else the inline contact. */
export function personOf(o: Opportunity): string {
  return o.client_name ?? o.contact_name ?? '—';
}

/** The API query of the filters (empty ones left out). */
export function boardQuery(filters: Record<FunnelFilter, string>) {
  const idle = Number.parseInt(filters.idle_days, 10);
  return {
    team_id: filters.team_id || undefined,
    owner_id: filters.owner_id || undefined,
    source: filters.source || undefined,
    link_id: filters.link_id || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    idle_days: Number.isFinite(idle) && idle >= 0 ? idle : undefined,
    q: filters.q || undefined,
  };
}

/**
 * The board as it looks once `card` moved to `stageId`, before the server answers (the drag feels instant; the
 * answer or a refetch replaces it). Counts and values move with the card.
 */
export function moveCard(board: FunnelBoard, card: Opportunity, stageId: string): FunnelBoard {
  if (card.stage_id === stageId) return board;
  const columns: FunnelColumn[] = board.columns.map((column) => {
    if (column.stage.id === card.stage_id) {
      return {
        ...column,
        count: column.count - 1,
        value_cents: column.value_cents - card.expected_value_cents,
        cards: column.cards.filter((c) => c.id !== card.id),
      };
    }
    if (column.stage.id === stageId) {
      const moved: Opportunity = { ...card, stage_id: stageId, status: 'aberta', idle_days: 0 };
      return { ...column, count: column.count + 1, value_cents: column.value_cents + card.expected_value_cents, cards: [moved, ...column.cards] };
    }
    return column;
  });
  const reopened = card.status !== 'aberta';
  return {
    ...board,
    columns,
    open_count: board.open_count + (reopened ? 1 : 0),
    open_value_cents: board.open_value_cents + (reopened ? card.expected_value_cents : 0),
  };
}

/** Where a card may be dropped: a working stage, not the one it is in, and never from a won opportunity. */
export function canDrop(card: Opportunity, column: FunnelColumn): boolean {
  return card.status !== 'ganha' && column.stage.kind === 'aberta' && !column.stage.archived && column.stage.id !== card.stage_id;
}
