import type { ComparisonFigures } from '@backoffice/api-client/endpoints';
import { describe, expect, it } from 'vitest';
import { formatChange, formatMetric, idsAreValid, METRICS, metricValue, parseIds, perMember, presetPeriod } from './comparisonModel';

const FIGURES: ComparisonFigures = {
  activities_done: 30,
  activities_by_kind: [],
  activities_target: 60,
  activities_attainment_bp: 5000,
  won: 3,
  lost: 1,
  conversion_bp: 7500,
  leads: 10,
  lead_conversion_bp: 1250,
  cycle_days_tenths: 125,
  activities_per_won_tenths: 100,
  enrolled: 0,
  replied: 0,
  booked: 0,
};

const metric = (key: string) => {
  const found = METRICS.find((m) => m.key === key);
  if (!found) throw new Error(`métrica ${key}`);
  return found;
};

describe('comparisonModel', () => {
  it('reads the ids of the URL once each, and asks for 2 to 6 (scenario 30)', () => {
    expect(parseIds(' a, b,a,,c ')).toEqual(['a', 'b', 'c']);
    expect(parseIds(null)).toEqual([]);
    expect(idsAreValid(['a'])).toBe(false);
    expect(idsAreValid(['a', 'b'])).toBe(true);
    expect(idsAreValid(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe(false);
  });

  it('turns the presets into dates', () => {
    expect(presetPeriod('mes', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('mes-anterior', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('trimestre', '2026-11-20')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetPeriod('12-meses', '2026-11-20')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
  });

  it('divides counts per member, never ratios', () => {
    expect(perMember(30, 1500)).toBe(20);
    expect(perMember(30, 0)).toBeNull();
    expect(metricValue(metric('activities'), FIGURES, 1500, true)).toBe(20);
    expect(metricValue(metric('conversion'), FIGURES, 1500, true)).toBe(75);
    expect(metricValue(metric('cycle'), FIGURES, 1500, true)).toBe(12.5);
    expect(metricValue(metric('reply_rate'), FIGURES, 1000, false)).toBeNull();
  });

  it('shows values and the change against the previous period in pt-BR', () => {
    expect(formatMetric(metric('conversion'), 75, false)).toBe('75 %');
    expect(formatMetric(metric('activities'), 1234, false)).toBe('1.234');
    expect(formatMetric(metric('activities'), 12.34, true)).toBe('12,3');
    expect(formatMetric(metric('reply_rate'), null, false)).toBe('—');
    expect(formatChange(15, 10)).toBe('+50 %');
    expect(formatChange(5, 10)).toBe('−50 %');
    expect(formatChange(5, 0)).toBe('—');
  });
});
