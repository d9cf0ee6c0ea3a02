import { countLabel, dueDates, fieldLabel, overdueLabel, splitTotal } from './receivableModel';

describe('receivables model', () => {
  it('splits a total with the odd cents on the first installment, as the server does', () => {
    expect(splitTotal(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(splitTotal(5, 3)).toEqual([3, 1, 1]);
    expect(splitTotal(100, 0)).toEqual([]);
  });
  it('falls due on the same day of each month, or the month’s last day', () => {
    expect(dueDates('2026-01-31', 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(dueDates('2026-01-10', 3, 15)).toEqual(['2026-01-10', '2026-01-25', '2026-02-09']);
  });
  it('names fields and counts in Portuguese', () => {
    expect(fieldLabel('amount_cents')).toBe('Valor recebido');
    expect(fieldLabel('x')).toBeNull();
    expect(countLabel({ total: 2 })).toBe('2 parcelas');
    expect([overdueLabel(0), overdueLabel(1), overdueLabel(12)]).toEqual([null, 'Vencida há 1 dia', 'Vencida há 12 dias']);
  });
});
