import { describe, expect, it } from 'vitest';
import { billingLabel, catalogFormSchema, EMPTY_ITEM, itemFromForm, percentLabel } from './catalogModel';

const parse = (values: Partial<typeof EMPTY_ITEM>) => catalogFormSchema.parse({ ...EMPTY_ITEM, list_price: 45_000, sku: 'PEELING', name: 'Peeling', ...values });

describe('the catalog form', () => {
  it('sends a one-off procedure with its code and no cycle', () => {
    expect(itemFromForm(parse({ procedure_code: 'PEELING-QUIMICO', cycle: 'mensal', stock_material_id: 'm1', category: ' Facial ' }))).toEqual({
      sku: 'PEELING',
      name: 'Peeling',
      kind: 'procedimento',
      category: 'Facial',
      list_price: 45_000,
      recurring: false,
      commissionable: true,
      max_discount_bp: 0,
      procedure_code: 'PEELING-QUIMICO',
      release_condition: 'primeira_parcela',
    });
  });

  it('makes plans recurring and products one-off, keeping the link their kind has', () => {
    const plan = itemFromForm(parse({ kind: 'plano', cycle: 'anual', min_term_cycles: '12', recurring: false }));
    expect([plan.recurring, plan.cycle, plan.min_term_cycles]).toEqual([true, 'anual', 12]);
    const product = itemFromForm(parse({ kind: 'produto', recurring: true, cycle: 'mensal', stock_material_id: 'm1', procedure_code: 'X' }));
    expect([product.recurring, product.cycle, product.stock_material_id, product.procedure_code]).toEqual([false, undefined, 'm1', undefined]);
  });

  it('describes billing and discounts in Portuguese', () => {
    expect(billingLabel({ recurring: true, cycle: 'mensal', min_term_cycles: 12 })).toBe('Mensal, mínimo de 12 ciclos');
    expect(billingLabel({ recurring: true, cycle: 'anual', min_term_cycles: 1 })).toBe('Anual, mínimo de 1 ciclo');
    expect(billingLabel({ recurring: false })).toBe('Avulso');
    expect(percentLabel(1250)).toBe('12,5%');
  });
});
