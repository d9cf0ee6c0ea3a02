/**
 * The receivables feature's model: the states and forms of payment in Portuguese, the label of each field the
 * server names, the installments a new título will have (the server splits the same way), and the list's
 * wording.
 */
import { addressFieldLabel, formatInteger } from '@backoffice/ui';

export const STATUS_LABELS: Record<string, string> = {
  ABERTO: 'Em aberto',
  BOLETO_EMITIDO: 'Boleto emitido',
  REGISTRADO: 'Registrado no banco',
  PAGO: 'Pago',
  BAIXADO: 'Baixado sem recebimento',
  CANCELADO: 'Cancelado',
  RENEGOCIADO: 'Renegociado',
  VENCIDO: 'Vencido',
};

export const STATUS_COLORS: Record<string, string> = {
  ABERTO: 'blue',
  BOLETO_EMITIDO: 'cyan',
  REGISTRADO: 'indigo',
  PAGO: 'green',
  BAIXADO: 'gray',
  CANCELADO: 'gray',
  RENEGOCIADO: 'grape',
  VENCIDO: 'red',
};

/** Still to be received: a receipt, an extension, a write-off or a cancellation may apply. */
export const OPEN_STATUSES: ReadonlySet<string> = new Set(['ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO']);

export const METHOD_LABELS: Record<string, string> = {
  BOLETO: 'Boleto',
  PIX: 'PIX',
  CARTAO_CREDITO: 'Cartão de crédito',
  CARTAO_DEBITO: 'Cartão de débito',
  DINHEIRO: 'Dinheiro',
  TRANSFERENCIA: 'Transferência',
};

export const ORIGIN_LABELS: Record<string, string> = { VENDA: 'Venda', ASSINATURA: 'Assinatura', MANUAL: 'Manual', RENEGOCIACAO: 'Renegociação' };

const FIELD_LABELS: Record<string, string> = {
  client_id: 'Cliente',
  description: 'Descrição',
  chart_account_id: 'Conta do plano',
  issue_date: 'Emissão',
  total_cents: 'Valor total',
  installments: 'Parcelas',
  first_due: 'Primeiro vencimento',
  interval_days: 'Intervalo',
  payment_method: 'Forma prevista',
  bank_account_id: 'Conta',
  date: 'Data',
  amount_cents: 'Valor recebido',
  interest_cents: 'Juros',
  fine_cents: 'Multa',
  discount_cents: 'Desconto',
  method: 'Forma',
  due_date: 'Novo vencimento',
  reason: 'Motivo',
  version: 'Versão',
};

/** The label a person sees for a field the server names; null if unknown. */
export function fieldLabel(path: string): string | null {
  return addressFieldLabel(path) ?? FIELD_LABELS[path] ?? null;
}

/** "1 parcela", "1.234 parcelas". */
export function countLabel({ total = 0 }: { total?: number }): string {
  return `${formatInteger(total)} ${total === 1 ? 'parcela' : 'parcelas'}`;
}

/** `total` in `n` installments: equal parts, the odd cents on the first (as the server does). */
export function splitTotal(total: number, n: number): number[] {
  if (n <= 0 || !Number.isInteger(n)) return [];
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? total - base * (n - 1) : base));
}

/** The `n` due dates from `first` (aaaa-mm-dd): the same day of each month (or its last day), or every `days` days. */
export function dueDates(first: string, n: number, days = 0): string[] {
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  return Array.from({ length: Math.max(0, n) }, (_, i) => {
    if (days > 0) return new Date(Date.UTC(year, month - 1, day + i * days)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(year, month - 1 + i + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month - 1 + i, Math.min(day, last))).toISOString().slice(0, 10);
  });
}

/** "Vencida há 3 dias", or null. */
export function overdueLabel(days: number): string | null {
  if (days <= 0) return null;
  return days === 1 ? 'Vencida há 1 dia' : `Vencida há ${formatInteger(days)} dias`;
}
