/**
 * The sales catalog's model: labels, the form's shape and its mapping to the API (`SalesNewCatalogItem`). Money
 * is integer centavos, the maximum discount basis points (the percent input keeps hundredths of a percent).
 */
import type { SalesCatalogCycle, SalesCatalogItem, SalesNewCatalogItem, SalesReleaseCondition } from '@backoffice/api-client/endpoints';
import { z } from 'zod';
import { CATALOG_KIND_LABELS } from '../../../lib/salesVocabulary';

export const KIND_LABELS = CATALOG_KIND_LABELS;

export const CYCLE_LABELS: Record<SalesCatalogCycle, string> = {
  mensal: 'Mensal',
  trimestral: 'Trimestral',
  anual: 'Anual',
};

export const RELEASE_LABELS: Record<SalesReleaseCondition, string> = {
  primeira_parcela: 'Pagamento da primeira parcela',
  pagamento_total: 'Pagamento total',
};

/** The fields' labels by their API names: the 422 messages land on them. */
export const CATALOG_FIELD_LABELS: Record<string, string> = {
  sku: 'SKU',
  name: 'Nome',
  kind: 'Tipo',
  category: 'Categoria',
  list_price: 'Preço de tabela',
  recurring: 'Recorrente',
  cycle: 'Ciclo',
  min_term_cycles: 'Vigência mínima (ciclos)',
  commissionable: 'Gera comissão',
  max_discount_bp: 'Desconto máximo',
  stock_material_id: 'Material do estoque',
  procedure_code: 'Código do procedimento',
  release_condition: 'Liberação do follow-up',
  active: 'Ativo',
};

export const catalogFormSchema = z.object({
  sku: z.string().trim().min(1, 'Informe o SKU.').max(40, 'O SKU pode ter no máximo 40 caracteres.'),
  name: z.string().trim().min(1, 'Informe o nome.').max(200, 'O nome pode ter no máximo 200 caracteres.'),
  kind: z.enum(['produto', 'procedimento', 'plano']),
  category: z.string().trim().max(80, 'A categoria pode ter no máximo 80 caracteres.'),
  list_price: z.number().int().nonnegative('O preço de tabela não pode ser negativo.').nullable(),
  recurring: z.boolean(),
  cycle: z.enum(['', 'mensal', 'trimestral', 'anual']),
  min_term_cycles: z.string().trim(),
  commissionable: z.boolean(),
  max_discount_bp: z.number().int().min(0).max(10_000, 'O desconto máximo deve ficar entre 0% e 100%.').nullable(),
  stock_material_id: z.string().trim(),
  procedure_code: z.string().trim(),
  release_condition: z.enum(['primeira_parcela', 'pagamento_total']),
  active: z.boolean(),
});
export type CatalogFormValues = z.input<typeof catalogFormSchema>;
export type CatalogFormOutput = z.output<typeof catalogFormSchema>;

export const EMPTY_ITEM: CatalogFormValues = {
  sku: '',
  name: '',
  kind: 'procedimento',
  category: '',
  list_price: null,
  recurring: false,
  cycle: '',
  min_term_cycles: '',
  commissionable: true,
  max_discount_bp: 0,
  stock_material_id: '',
  procedure_code: '',
  release_condition: 'primeira_parcela',
  active: true,
};

export function formFromItem(item: SalesCatalogItem): CatalogFormValues {
  return {
    sku: item.sku,
    name: item.name,
    kind: item.kind,
    category: item.category ?? '',
    list_price: item.list_price,
    recurring: item.recurring,
    cycle: item.cycle ?? '',
    min_term_cycles: item.min_term_cycles == null ? '' : String(item.min_term_cycles),
    commissionable: item.commissionable,
    max_discount_bp: item.max_discount_bp,
    stock_material_id: item.stock_material_id ?? '',
    procedure_code: item.procedure_code ?? '',
    release_condition: item.release_condition,
    active: item.active,
  };
}

/**
 * The request: plans are always recurring and products never (the server refuses otherwise, naming the field);
 * a one-off item sends no cycle; the link sent is the one the kind has.
 */
export function itemFromForm(v: CatalogFormOutput): SalesNewCatalogItem {
  const recurring = v.kind === 'plano' ? true : v.kind === 'produto' ? false : v.recurring;
  const term = v.min_term_cycles === '' ? undefined : Number(v.min_term_cycles.replace(/\D/g, '') || 'NaN');
  return {
    sku: v.sku,
    name: v.name,
    kind: v.kind,
    ...(v.category ? { category: v.category } : {}),
    ...(v.list_price !== null ? { list_price: v.list_price } : {}),
    recurring,
    ...(recurring && v.cycle ? { cycle: v.cycle } : {}),
    ...(recurring && term !== undefined && Number.isFinite(term) ? { min_term_cycles: term } : {}),
    commissionable: v.commissionable,
    max_discount_bp: v.max_discount_bp ?? 0,
    ...(v.kind === 'produto' && v.stock_material_id ? { stock_material_id: v.stock_material_id } : {}),
    ...(v.kind === 'procedimento' && v.procedure_code ? { procedure_code: v.procedure_code } : {}),
    release_condition: v.release_condition,
  };
}

/** "Mensal, mínimo de 12 ciclos", or "Avulso". */
export function billingLabel(item: Pick<SalesCatalogItem, 'recurring' | 'cycle' | 'min_term_cycles'>): string {
  if (!item.recurring || !item.cycle) return 'Avulso';
  const n = item.min_term_cycles ?? 1;
  return `${CYCLE_LABELS[item.cycle]}, mínimo de ${n} ${n === 1 ? 'ciclo' : 'ciclos'}`;
}

/** Basis points as a percentage: 1500 → "15%", 1250 → "12,5%". */
export function percentLabel(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}
