import type { FollowUpKind, FollowUpSla, FollowUpStatus, FollowUpTrack } from '@backoffice/api-client/endpoints';

// The follow-up's words, shared by the board and the sale page: the statuses, the kinds, the SLA badges.

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  aguardando_pagamento: 'Aguardando pagamento',
  em_separacao: 'Em separação',
  enviado: 'Enviado',
  entregue: 'Entregue',
  a_agendar: 'A agendar',
  agendado: 'Agendado',
  realizado: 'Realizado',
  retorno: 'Retorno',
};

export const KIND_LABELS: Record<FollowUpKind, string> = { produto: 'Produto', procedimento: 'Procedimento' };

export const SLA_LABELS: Record<FollowUpSla, string> = { no_prazo: 'No prazo', vencendo: 'Vencendo', atrasado: 'Atrasado' };
export const SLA_COLORS: Record<FollowUpSla, string> = { no_prazo: 'green', vencendo: 'yellow', atrasado: 'red' };

/** The item line: "2× Protetor solar FPS 50" (the quantity only when above one). */
export function itemLine(track: Pick<FollowUpTrack, 'description' | 'quantity'>): string {
  return track.quantity > 1 ? `${track.quantity}× ${track.description}` : track.description;
}
