/**
 * The payables feature's model: states, formas and document kinds in Portuguese, the label of each field the
 * server names, and how a total is split (the odd cent on the first installment, as the server does).
 */
import { formatInteger } from '@backoffice/ui';

export const PAYABLE_STATUS_LABELS: Record<string, string> = { RASCUNHO: 'Rascunho', APROVADA: 'Aprovada', CANCELADA: 'Cancelada' };
export const PAYABLE_STATUS_COLORS: Record<string, string> = { RASCUNHO: 'yellow', APROVADA: 'green', CANCELADA: 'gray' };

export const INSTALLMENT_STATUS_LABELS: Record<string, string> = {
  RASCUNHO: 'Rascunho',
  APROVADO: 'Aprovado',
  AGENDADO: 'Programado',
  EM_REMESSA: 'Em remessa',
  PAGO: 'Pago',
  REJEITADO: 'Rejeitado',
  CANCELADO: 'Cancelado',
};
export const INSTALLMENT_STATUS_COLORS: Record<string, string> = {
  RASCUNHO: 'yellow',
  APROVADO: 'blue',
  AGENDADO: 'indigo',
  EM_REMESSA: 'cyan',
  PAGO: 'green',
  REJEITADO: 'red',
  CANCELADO: 'gray',
};

export const METHOD_LABELS: Record<string, string> = {
  BOLETO: 'Boleto',
  PIX_CHAVE: 'PIX (chave)',
  PIX_QR: 'PIX (copia e cola)',
  TED: 'TED',
  CONCESSIONARIA: 'Concessionária',
  TRIBUTO: 'Tributo',
  DEBITO_AUTOMATICO: 'Débito automático',
  DINHEIRO: 'Dinheiro',
};

export const DOCUMENT_KIND_LABELS: Record<string, string> = { NFE: 'NF-e', NFSE: 'NFS-e', RECIBO: 'Recibo', FATURA: 'Fatura', OUTRO: 'Outro' };
export const ORIGIN_LABELS: Record<string, string> = {
  MANUAL: 'Manual',
  PEDIDO_COMPRA: 'Pedido de compra',
  COMISSAO: 'Comissão',
  UPLOAD: 'Importação',
  CANCELAMENTO: 'Cancelamento',
  LEGADO: 'Legado',
};

/** The agenda's tabs and their states. */
export const TABS = [
  { value: 'A_PAGAR', label: 'A pagar' },
  { value: 'PROGRAMADOS', label: 'Programados' },
  { value: 'PAGOS', label: 'Pagos' },
  { value: 'REJEITADOS', label: 'Rejeitados' },
] as const;

const FIELD_LABELS: Record<string, string> = {
  supplier_id: 'Favorecido',
  client_id: 'Cliente',
  document_kind: 'Tipo de documento',
  document_number: 'Número do documento',
  document_series: 'Série',
  nfe_key: 'Chave da NF-e',
  description: 'Descrição',
  chart_account_id: 'Conta do plano',
  competence: 'Competência',
  issue_date: 'Emissão',
  total_cents: 'Valor total',
  installments: 'Parcelas',
  rateio: 'Rateio',
  duplicate_reason: 'Motivo da nota repetida',
  linha: 'Linha digitável',
  linha_digitavel: 'Linha digitável',
  payment_method: 'Forma de pagamento',
  pix_key: 'Chave PIX',
  pix_key_type: 'Tipo da chave PIX',
  pix_qr: 'PIX copia e cola',
  supplier_bank_account_id: 'Conta do fornecedor',
  scheduled_date: 'Data programada',
  date: 'Data do pagamento',
  amount_cents: 'Valor pago',
  charges_cents: 'Encargos',
  discount_cents: 'Desconto',
  bank_account_id: 'Conta de débito',
  comment: 'Comentário',
  reason: 'Motivo',
  file: 'Arquivo',
  due_date: 'Vencimento',
};

/** The label of a field the server names (`installments[1].linha_digitavel` → "Parcela 2: Linha digitável"). */
export function fieldLabel(field: string): string | undefined {
  const indexed = /^installments\[(\d+)\]\.(.+)$/.exec(field);
  if (indexed) return `Parcela ${Number(indexed[1]) + 1}: ${FIELD_LABELS[indexed[2] ?? ''] ?? indexed[2]}`;
  const share = /^rateio\[(\d+)\]/.exec(field);
  if (share) return `Rateio, linha ${Number(share[1]) + 1}`;
  return FIELD_LABELS[field];
}

/** `total` in `n` parts, the odd cents on the first. */
export function splitTotal(total: number, n: number): number[] {
  if (n < 1) return [];
  const base = Math.floor(total / n);
  const parts = Array.from({ length: n }, () => base);
  parts[0] = (parts[0] ?? 0) + (total - base * n);
  return parts;
}

/** `first` plus `i` months, keeping the day or the month's last (as the receivables do). */
export function monthlyDates(first: string, n: number): string[] {
  const [y, m, d] = first.split('-').map(Number);
  if (!y || !m || !d) return [];
  return Array.from({ length: n }, (_, i) => {
    const month = m - 1 + i;
    const year = y + Math.floor(month / 12);
    const mm = (month % 12) + 1;
    const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
    return `${year}-${String(mm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });
}

/** "3 contas", "1 conta". */
export const countLabel = ({ total = 0 }: { total?: number }) => `${formatInteger(total)} ${total === 1 ? 'conta' : 'contas'}`;
export const installmentCountLabel = ({ total = 0 }: { total?: number }) => `${formatInteger(total)} ${total === 1 ? 'parcela' : 'parcelas'}`;

/** `2026-03` as "03/2026". */
export const competenceLabel = (c: string) => (/^\d{4}-\d{2}$/.test(c) ? `${c.slice(5)}/${c.slice(0, 4)}` : c);
