import type { FollowUpKind, FollowUpStatus, FollowUpTrack } from '@backoffice/api-client/endpoints';
import { STATUS_LABELS } from '../../../lib/followUpVocabulary';

export { KIND_LABELS, SLA_COLORS, SLA_LABELS, STATUS_LABELS, itemLine } from '../../../lib/followUpVocabulary';

// The follow-up board's words and rules: the columns per kind, the next step of a track and its SLA badge.

const PRODUCT: FollowUpStatus[] = ['aguardando_pagamento', 'em_separacao', 'enviado', 'entregue'];
const PROCEDURE: FollowUpStatus[] = ['aguardando_pagamento', 'a_agendar', 'agendado', 'realizado', 'retorno'];

/** The board's columns: one kind's statuses in order, or both kinds' (the shared first column once). */
export function columnsFor(kind: FollowUpKind | ''): FollowUpStatus[] {
  if (kind === 'produto') return PRODUCT;
  if (kind === 'procedimento') return PROCEDURE;
  return [...PRODUCT, ...PROCEDURE.slice(1)];
}

export interface Column {
  status: FollowUpStatus;
  label: string;
  tracks: FollowUpTrack[];
}

/** The tracks per column, in the board's order (the late first inside a column, then the oldest). */
export function columnsOf(tracks: readonly FollowUpTrack[], kind: FollowUpKind | ''): Column[] {
  const rank = (t: FollowUpTrack) => (t.sla === 'atrasado' ? 0 : t.sla === 'vencendo' ? 1 : 2);
  return columnsFor(kind).map((status) => ({
    status,
    label: STATUS_LABELS[status],
    tracks: tracks.filter((t) => t.status === status).sort((a, b) => rank(a) - rank(b)),
  }));
}

export type StepAction = 'schedule' | 'ship' | 'deliver' | 'perform' | 'return';

export interface NextStep {
  action: StepAction;
  label: string;
  /** The small form the step needs, if any. */
  form: 'schedule' | 'ship' | null;
}

const NEXT: Partial<Record<FollowUpStatus, NextStep>> = {
  em_separacao: { action: 'ship', label: 'Marcar enviado', form: 'ship' },
  enviado: { action: 'deliver', label: 'Marcar entregue', form: null },
  a_agendar: { action: 'schedule', label: 'Agendar', form: 'schedule' },
  agendado: { action: 'perform', label: 'Marcar realizado', form: null },
  realizado: { action: 'return', label: 'Registrar retorno', form: null },
};

/** The step a person takes next; none while awaiting payment (the payment releases it) or once returned/delivered. */
export function nextStep(track: Pick<FollowUpTrack, 'status'>): NextStep | null {
  return NEXT[track.status] ?? null;
}

/** "V-2026-000123 · Clínica Sorriso Ltda": the card's title. */
export function cardTitle(track: Pick<FollowUpTrack, 'sale_number' | 'client_name'>): string {
  return `${track.sale_number} · ${track.client_name}`;
}
