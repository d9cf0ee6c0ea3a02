import { describe, expect, it } from 'vitest';
import { dayLabel, emptyStep, fieldLabel, formatRate, stepRequests } from './cadenceModel';

describe('cadenceModel', () => {
  it('turns typed steps into requests, a bad day going as -1 for the server to name', () => {
    const first = emptyStep();
    const second = emptyStep(first);
    expect(second.day_offset).toBe('1');
    expect(stepRequests([first, { ...second, day_offset: 'x' }]).map((s) => s.day_offset)).toEqual([0, -1]);
  });

  it('formats rates and names fields in Portuguese', () => {
    expect(formatRate(1234)).toBe('12,3 %');
    expect(formatRate(10000)).toBe('100,0 %');
    expect(dayLabel(3)).toBe('D+3 útil');
    expect(fieldLabel('steps[1].template')).toBe('Etapa 2 (mensagem)');
    expect(fieldLabel('client_ids[0]')).toBe('Cliente 1');
    expect(fieldLabel('team_id')).toBe('Time');
  });
});
