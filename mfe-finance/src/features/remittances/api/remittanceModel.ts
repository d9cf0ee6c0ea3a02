import type { RemittancePendingItem } from '@backoffice/api-client/endpoints';

/** Labels and colours of remessas, retornos, occurrences and pendências (finance.md §3.3–3.4), and the pure rules of the pages. */
export const REMITTANCE_STATUS_LABELS: Record<string, string> = {
  RASCUNHO: 'Rascunho',
  GERADA: 'Gerada',
  ENVIADA: 'Enviada',
  PROCESSADA: 'Processada',
  REJEITADA: 'Rejeitada',
  CANCELADA: 'Cancelada',
};

export const REMITTANCE_STATUS_COLORS: Record<string, string> = {
  RASCUNHO: 'gray',
  GERADA: 'blue',
  ENVIADA: 'indigo',
  PROCESSADA: 'green',
  REJEITADA: 'red',
  CANCELADA: 'gray',
};

export const KIND_LABELS: Record<string, string> = { COBRANCA: 'Cobrança', PAGAMENTO: 'Pagamento' };

export const INSTRUCTION_LABELS: Record<string, string> = {
  ENTRADA: 'Entrada de título',
  PEDIDO_BAIXA: 'Pedido de baixa',
  ALTERACAO_VENCIMENTO: 'Alteração de vencimento',
  ABATIMENTO: 'Abatimento',
  PROTESTO: 'Protesto',
  SUSTAR_PROTESTO: 'Sustar protesto',
};

export const ITEM_RESULT_LABELS: Record<string, string> = {
  CONFIRMADO: 'Confirmado',
  REJEITADO: 'Rejeitado',
  LIQUIDADO: 'Liquidado',
  BAIXADO: 'Baixado',
};

export const ITEM_RESULT_COLORS: Record<string, string> = { CONFIRMADO: 'blue', REJEITADO: 'red', LIQUIDADO: 'green', BAIXADO: 'gray' };

export const RETURN_STATUS_LABELS: Record<string, string> = {
  IMPORTADO: 'Processando',
  PROCESSADO: 'Processado',
  PROCESSADO_COM_PENDENCIAS: 'Processado com pendências',
  FALHOU: 'Falhou',
};

export const RETURN_STATUS_COLORS: Record<string, string> = { IMPORTADO: 'blue', PROCESSADO: 'green', PROCESSADO_COM_PENDENCIAS: 'orange', FALHOU: 'red' };

export const OCCURRENCE_RESULT_LABELS: Record<string, string> = {
  APLICADA: 'Aplicada',
  DUPLICADA_IGNORADA: 'Duplicada (ignorada)',
  NAO_LOCALIZADA: 'Não localizada',
  DIVERGENTE: 'Divergente',
  INFORMATIVA: 'Informativa',
};

export const OCCURRENCE_RESULT_COLORS: Record<string, string> = {
  APLICADA: 'green',
  DUPLICADA_IGNORADA: 'gray',
  NAO_LOCALIZADA: 'orange',
  DIVERGENTE: 'red',
  INFORMATIVA: 'blue',
};

/** How a pendência is resolved (the server's actions), in the order the form offers them. */
export const PENDENCY_ACTIONS = [
  { value: 'VINCULAR_PARCELA', label: 'Vincular a uma parcela' },
  { value: 'REEMBOLSO', label: 'Reembolsar o pagador' },
  { value: 'CREDITO_CLIENTE', label: 'Crédito para o cliente' },
  { value: 'DESCARTAR', label: 'Descartar (com justificativa)' },
] as const;

export const PENDENCY_ACTION_LABELS: Record<string, string> = Object.fromEntries(PENDENCY_ACTIONS.map((a) => [a.value, a.label]));

/** The tabs of `/remessas`, by their `?aba=` value. */
export const TABS = [
  { value: 'remessas', label: 'Remessas' },
  { value: 'retornos', label: 'Retornos' },
  { value: 'pendencias', label: 'Pendências' },
] as const;
export type Tab = (typeof TABS)[number]['value'];

export function tabOf(value: string | null): Tab {
  return TABS.find((t) => t.value === value)?.value ?? 'remessas';
}

/** A pending item's key: the boleto for an entrada, the instruction for the others (a boleto may have both). */
export function pendingKey(item: Pick<RemittancePendingItem, 'boleto_id' | 'instruction_id'>): string {
  return item.instruction_id ? `i:${item.instruction_id}` : `b:${item.boleto_id}`;
}

export interface PendingSelection {
  count: number;
  totalCents: number;
  /** What to send: nothing left out → `null` (the server takes every pending item, as it stands when it runs). */
  request: { boleto_ids: string[]; instruction_ids: string[] } | null;
}

/**
 * The pending items minus those the user left out. Only entradas count towards the total (an instruction moves
 * no money). With nothing left out the request names no ids, so an item that arrived meanwhile goes too.
 */
export function selectPending(items: readonly RemittancePendingItem[], excluded: ReadonlySet<string>): PendingSelection {
  const chosen = items.filter((item) => !excluded.has(pendingKey(item)));
  const totalCents = chosen.reduce((sum, item) => sum + (item.instruction_id ? 0 : item.amount_cents), 0);
  if (excluded.size === 0 || chosen.length === items.length) return { count: chosen.length, totalCents, request: null };
  return {
    count: chosen.length,
    totalCents,
    request: {
      boleto_ids: chosen.filter((item) => !item.instruction_id).map((item) => item.boleto_id),
      instruction_ids: chosen.flatMap((item) => (item.instruction_id ? [item.instruction_id] : [])),
    },
  };
}

/** One finding of the `banking` preflight as the detail stores it (JSON array). */
export interface PreflightFinding {
  line: number;
  start: number;
  end: number;
  field: string;
  problem: string;
  expected: string;
  found: string;
}

/** The stored preflight (a JSON array of findings); anything unreadable is no findings. */
export function parsePreflight(json: string | undefined): PreflightFinding[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as PreflightFinding[]) : [];
  } catch {
    return [];
  }
}

export function findingText(f: PreflightFinding): string {
  const where = f.start > 0 ? `Linha ${f.line}, posições ${f.start}–${f.end}` : `Linha ${f.line}`;
  return `${where}, campo ${f.field}: ${f.problem}; esperado ${f.expected}, encontrado «${f.found}».`;
}

/** What the retorno's progress bar shows while the worker applies it. */
export function returnProgress(r: { status: string; done: number; total: number }): { percent: number; label: string } | null {
  if (r.status !== 'IMPORTADO') return null;
  if (r.total <= 0) return { percent: 0, label: 'Na fila para processar…' };
  const percent = Math.min(100, Math.round((r.done / r.total) * 100));
  return { percent, label: `${r.done.toLocaleString('pt-BR')} de ${r.total.toLocaleString('pt-BR')} ocorrências` };
}

/** The actions a remessa's status allows (finance.md §3.3); the server enforces them again. */
export function remittanceActions(r: { status: string; sequence?: number; file_name?: string }) {
  const { status } = r;
  return {
    generate: status === 'RASCUNHO',
    // A remessa that had a file keeps its sequence: it is generated again, never discarded.
    discard: status === 'RASCUNHO' && r.sequence == null,
    download: status !== 'RASCUNHO' && status !== 'CANCELADA' && Boolean(r.file_name),
    markSent: status === 'GERADA',
    reopen: status === 'GERADA',
  };
}

export const itemCount = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'item' : 'itens'}`;
