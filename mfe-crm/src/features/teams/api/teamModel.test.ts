import { describe, expect, it } from 'vitest';
import { addMonths, monthLabel } from '../../../lib/months';
import { distributionGaps } from './teamModel';

describe('teamModel', () => {
  it('moves months across years and shows them as the screens do', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthLabel('2026-03')).toBe('03/2026');
  });

  it('names each metric whose member targets do not sum to the team target, and by how much', () => {
    const team = { sales_value_cents: 100_001, sales_count: 9, activities_done: 300, new_clients: 5 };
    const first = { sales_value_cents: 70_000, sales_count: 6, activities_done: 150, new_clients: 3 };
    const second = { sales_value_cents: 30_000, sales_count: 3, activities_done: 150, new_clients: 2 };
    expect(distributionGaps(team, [first, second])).toEqual([{ key: 'sales_value_cents', label: 'Valor vendido', difference: 1 }]);
    expect(distributionGaps(team, [{ ...first, sales_value_cents: 70_001 }, second])).toEqual([]);
  });
});
