import type { Sale, SaleInput, SalePaymentMethod } from '@backoffice/api-client/endpoints';

/** The wizard's steps, in order (the last one confirms). */
export const STEPS = ['Cliente', 'Itens', 'Descontos', 'Divisão', 'Pagamento', 'Revisão'] as const;

export const METHOD_LABELS: Record<SalePaymentMethod, string> = { boleto: 'Boleto', pix: 'PIX', cartao: 'Cartão de crédito' };

export const LEVEL_LABELS = { vendedor: 'Vendedor', gerente: 'Gerente', administrador: 'Administrador' } as const;

/** finance's installment states, in Portuguese. */
export const RECEIVABLE_STATUS_LABELS: Record<string, string> = {
  ABERTO: 'Em aberto',
  BOLETO_EMITIDO: 'Boleto emitido',
  REGISTRADO: 'Registrado',
  PAGO: 'Pago',
  BAIXADO: 'Baixado',
  CANCELADO: 'Cancelado',
  RENEGOCIADO: 'Renegociado',
};

/** The names a 422 gives the fields, for people. */
export const FIELD_LABELS: Record<string, string> = {
  client_id: 'Cliente',
  opportunity_id: 'Oportunidade',
  items: 'Itens',
  split: 'Divisão entre vendedores',
  payment_method: 'Forma de pagamento',
  card_installments: 'Parcelas no cartão',
  installment_count: 'Número de parcelas',
  first_due_date: 'Primeiro vencimento',
  parcelas: 'Parcelas',
  reason: 'Motivo',
};

/** `items[1].discount_bp` → "Item 2 — desconto". */
export function fieldLabel(field: string): string {
  const m = /^(items|split|parcelas)\[(\d+)\]\.(\w+)$/.exec(field);
  if (!m) return FIELD_LABELS[field] ?? field;
  const n = Number(m[2]) + 1;
  const part: Record<string, string> = {
    catalog_item_id: 'item',
    quantity: 'quantidade',
    discount_bp: 'desconto',
    user_id: 'vendedor',
    share_bp: 'participação',
    due_date: 'vencimento',
    amount: 'valor',
  };
  const what = { items: 'Item', split: 'Vendedor', parcelas: 'Parcela' }[m[1] as 'items' | 'split' | 'parcelas'];
  const key = m[3] ?? '';
  return `${what} ${n} — ${part[key] ?? key}`;
}

export interface LineState {
  catalog_item_id: string;
  quantity: number;
  /** Basis points over the unit price. */
  discount_bp: number;
}

export interface ShareState {
  user_id: string;
  share_bp: number;
}

export interface WizardState {
  client_id: string;
  client_label: string;
  opportunity_id: string;
  items: LineState[];
  /** Empty: the owner takes 100 %. */
  split: ShareState[];
  payment_method: SalePaymentMethod;
  card_installments: number;
  installment_count: number;
  /** AAAA-MM-DD. */
  first_due_date: string;
}

export function emptyWizard(today: string, clientId = '', opportunityId = ''): WizardState {
  return {
    client_id: clientId,
    client_label: '',
    opportunity_id: opportunityId,
    items: [],
    split: [],
    payment_method: 'boleto',
    card_installments: 1,
    installment_count: 1,
    first_due_date: today,
  };
}

/** A stored draft back into the wizard. */
export function wizardOf(sale: Sale): WizardState {
  return {
    client_id: sale.client_id,
    client_label: sale.client_name,
    opportunity_id: sale.opportunity_id ?? '',
    items: sale.items.map((i) => ({ catalog_item_id: i.catalog_item_id, quantity: i.quantity, discount_bp: i.discount_bp })),
    split: sale.split.length === 1 && sale.split[0]?.user_id === sale.owner_id ? [] : sale.split.map((s) => ({ user_id: s.user_id, share_bp: s.share_bp })),
    payment_method: sale.payment_method,
    card_installments: sale.card_installments,
    installment_count: sale.installments.length,
    first_due_date: sale.installments[0]?.due_date ?? '',
  };
}

/** What the server is sent: the plan as count and first due date (the server splits it, remainder on the first). */
export function requestOf(state: WizardState): SaleInput {
  const card = state.payment_method === 'cartao';
  return {
    client_id: state.client_id || undefined,
    opportunity_id: state.opportunity_id || undefined,
    items: state.items.map((i) => ({ catalog_item_id: i.catalog_item_id, quantity: i.quantity, discount_bp: i.discount_bp })),
    split: state.split.map((s) => ({ user_id: s.user_id, share_bp: s.share_bp })),
    payment_method: state.payment_method,
    ...(card ? { card_installments: state.card_installments } : { installment_count: state.installment_count }),
    first_due_date: state.first_due_date || undefined,
  };
}

/** "12,5" or "12,50%" → 1250 basis points; `null` when it is no percentage between 0 and 100. */
export function parsePercent(text: string): number | null {
  const t = text.replace('%', '').trim().replace(',', '.');
  if (t === '') return 0;
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(t)) return null;
  const bp = Math.round(Number(t) * 100);
  return bp <= 10_000 ? bp : null;
}

/** 1250 → "12,5"; what an input shows. */
export function percentText(bp: number): string {
  return (bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
}

/** 1250 → "12,50%". */
export function percentLabel(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** The line's discount in centavos: gross × bp / 10 000, half up (as the server). */
export function lineDiscount(gross: number, bp: number): number {
  return Math.floor((gross * bp + 5_000) / 10_000);
}

/** `total` in `n` parts, the remainder (the odd centavos) on the first (as the server). */
export function splitTotal(total: number, n: number): number[] {
  if (n <= 0) return [];
  const part = Math.floor(total / n);
  const parts = Array.from({ length: n }, () => part);
  parts[0] = (parts[0] ?? 0) + (total - part * n);
  return parts;
}

/** AAAA-MM-DD plus `months` (the day kept, or the month's last day). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export interface PricedLine extends LineState {
  unit_price: number;
  list_price: number;
  max_discount_bp: number;
  gross: number;
  discount: number;
  total: number;
}

/** The lines priced (unit prices by catalog id: today's price, a campaign's inside its window). */
export function priceLines(items: LineState[], prices: Record<string, { unit_price: number; list_price: number; max_discount_bp: number } | undefined>): PricedLine[] {
  return items.map((i) => {
    const p = prices[i.catalog_item_id] ?? { unit_price: 0, list_price: 0, max_discount_bp: 0 };
    const gross = p.unit_price * i.quantity;
    const discount = lineDiscount(gross, i.discount_bp);
    return { ...i, ...p, gross, discount, total: gross - discount };
  });
}

/** The payment plan the server will make: monthly from the first due date, the remainder on the first. */
export function planPreview(state: WizardState, total: number): Array<{ due_date: string; amount: number }> {
  const n = state.payment_method === 'cartao' ? state.card_installments : state.installment_count;
  return splitTotal(total, n).map((amount, i) => ({ due_date: state.first_due_date ? addMonths(state.first_due_date, i) : '', amount }));
}

/** What keeps the person on a step (`null`: they may go on). The server checks everything again. */
export function stepProblem(step: number, state: WizardState, lines: PricedLine[], limitBp: number | null): string | null {
  switch (STEPS[step]) {
    case 'Cliente':
      return state.client_id ? null : 'Escolha o cliente.';
    case 'Itens':
      if (state.items.length === 0) return 'Adicione ao menos um item.';
      if (state.items.some((i) => !i.catalog_item_id)) return 'Escolha o item de cada linha.';
      if (state.items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1)) return 'A quantidade deve ser ao menos 1.';
      return null;
    case 'Descontos': {
      const over = lines.find((l) => l.discount_bp > l.max_discount_bp);
      if (over) return `Um item tem desconto acima do máximo do catálogo (${percentLabel(over.max_discount_bp)}).`;
      void limitBp;
      return null;
    }
    case 'Divisão': {
      if (state.split.length === 0) return null;
      if (state.split.some((s) => !s.user_id)) return 'Escolha o vendedor de cada linha.';
      const sum = state.split.reduce((a, s) => a + s.share_bp, 0);
      return sum === 10_000 ? null : `A divisão entre vendedores deve somar 100% (soma atual: ${percentLabel(sum)}).`;
    }
    case 'Pagamento': {
      const n = state.payment_method === 'cartao' ? state.card_installments : state.installment_count;
      if (!Number.isInteger(n) || n < 1 || n > 12) return 'Parcele de 1 a 12 vezes.';
      if (!state.first_due_date) return 'Informe o primeiro vencimento.';
      return null;
    }
    default:
      return null;
  }
}

/** Whether the largest discount needs an approval: above the salesperson's limit (`null`: unlimited). */
export function needsApproval(lines: PricedLine[], limitBp: number | null): boolean {
  if (limitBp === null) return false;
  return lines.some((l) => l.discount_bp > limitBp);
}
