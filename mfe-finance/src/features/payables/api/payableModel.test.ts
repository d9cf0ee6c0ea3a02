import { competenceLabel, fieldLabel, monthlyDates, splitTotal } from './payableModel';

describe('payable model', () => {
  it('splits with the odd cents on the first installment', () => {
    expect(splitTotal(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(splitTotal(5, 0)).toEqual([]);
  });
  it('keeps the day of the month or its last', () => {
    expect(monthlyDates('2026-01-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });
  it('names the fields the server names', () => {
    expect(fieldLabel('installments[1].linha_digitavel')).toBe('Parcela 2: Linha digitável');
    expect(fieldLabel('chart_account_id')).toBe('Conta do plano');
    expect(competenceLabel('2026-03')).toBe('03/2026');
  });
});
