import { describe, expect, it } from 'vitest';
import { addMonths, emptyWizard, fieldLabel, parsePercent, percentLabel, planPreview, priceLines, requestOf, splitTotal, stepProblem } from './saleModel';

describe('the sale wizard model', () => {
  it('splits a total with the odd centavos on the first installment, as the server', () => {
    expect(splitTotal(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(splitTotal(1_001, 12).reduce((a, b) => a + b, 0)).toBe(1_001);
    const state = { ...emptyWizard('2026-01-31'), installment_count: 3 };
    expect(planPreview(state, 100_000)).toEqual([
      { due_date: '2026-01-31', amount: 33_334 },
      { due_date: '2026-02-28', amount: 33_333 },
      { due_date: '2026-03-31', amount: 33_333 },
    ]);
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-10');
  });

  it('reads percentages typed in Portuguese', () => {
    expect(parsePercent('12,5')).toBe(1_250);
    expect(parsePercent('5%')).toBe(500);
    expect(parsePercent('')).toBe(0);
    expect(parsePercent('101')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(percentLabel(1_250)).toBe('12,50%');
  });

  it('keeps the person on a step until it makes sense, and sends the plan as count and first due date', () => {
    const state = { ...emptyWizard('2026-12-10'), client_id: 'c1', items: [{ catalog_item_id: 'p', quantity: 1, discount_bp: 1_500 }] };
    const lines = priceLines(state.items, { p: { unit_price: 100_000, list_price: 100_000, max_discount_bp: 1_000 } });
    expect(lines[0]?.total).toBe(85_000);
    expect(stepProblem(0, state, lines, 500)).toBeNull();
    expect(stepProblem(2, state, lines, 500)).toContain('máximo do catálogo');
    expect(stepProblem(3, { ...state, split: [{ user_id: 'a', share_bp: 6_000 }, { user_id: 'b', share_bp: 3_000 }] }, lines, 500)).toContain('90,00%');
    expect(requestOf({ ...state, payment_method: 'cartao', card_installments: 6 })).toMatchObject({ card_installments: 6, payment_method: 'cartao' });
    expect(requestOf(state)).toMatchObject({ installment_count: 1, first_due_date: '2026-12-10' });
    expect(fieldLabel('items[1].discount_bp')).toBe('Item 2 — desconto');
    expect(fieldLabel('parcelas')).toBe('Parcelas');
  });
});
