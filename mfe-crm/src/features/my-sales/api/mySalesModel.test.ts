import { describe, expect, it } from 'vitest';
import { attainment, attainmentText, barValue, defaultWhose, whoseOptions } from './mySalesModel';

describe('/minhas-vendas', () => {
  it('measures the month against its target, floor percent, none without a target', () => {
    expect(attainment(62_500, 100_000)).toBe(62);
    expect(attainment(150_000, 100_000)).toBe(150);
    expect(attainment(10, 0)).toBeNull();
    expect(barValue(150_000, 100_000)).toBe(100);
    expect(barValue(5, 0)).toBe(0);
    expect(attainmentText(99_999, 100_000)).toBe('99% da meta');
    expect(attainmentText(1, 0)).toBe('Sem meta definida para o mês');
  });

  it('offers the wider view only to roles that see others’ sales', () => {
    expect(whoseOptions('SALESPERSON')).toEqual([]);
    expect(whoseOptions('SALES_MANAGER').map((o) => o.label)).toEqual(['Minhas', 'Equipe']);
    expect(whoseOptions('FINANCIAL_MANAGER').map((o) => o.label)).toEqual(['Minhas', 'Todas']);
    expect(defaultWhose('SALES_MANAGER')).toBe('minhas');
    expect(defaultWhose('ADMIN')).toBe('equipe');
  });
});
