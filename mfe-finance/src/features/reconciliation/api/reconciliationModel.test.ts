import { describe, expect, it } from 'vitest';
import type { ReconciliationMatch } from '@backoffice/api-client/endpoints';
import { acceptableCount, reasonError, scoreColor, sidesOf } from './reconciliationModel';

const match = (score: number): ReconciliationMatch => ({
  id: `m${score}`,
  bank_account_id: 'a',
  status: 'SUGERIDA',
  shape: 'UM_PARA_UM',
  score,
  reasons: ['Valor idêntico: R$ 350,00'],
  automatic: false,
  lines_cents: 35000,
  targets_cents: 35000,
  items: [
    { kind: 'LINHA', ref_id: 'l', amount_cents: 35000, label: 'PIX RECEBIDO' },
    { kind: 'PARCELA', ref_id: 'i', amount_cents: 35000, label: 'CR-2026-000001 1/1 · Clínica' },
  ],
  created_at: '2026-03-10T15:00:00Z',
});

describe('reconciliation model', () => {
  it('counts what "Aceitar todas ≥ 90" takes', () => {
    expect(acceptableCount([match(95), match(90), match(89), match(60)])).toBe(2);
    expect(acceptableCount(undefined)).toBe(0);
  });
  it('colours the score by what it would do', () => {
    expect(scoreColor(90)).toBe('teal');
    expect(scoreColor(69)).toBe('yellow');
    expect(scoreColor(10)).toBe('gray');
  });
  it('splits a match into lines and targets', () => {
    const sides = sidesOf(match(90));
    expect(sides.lines.map((l) => l.ref_id)).toEqual(['l']);
    expect(sides.targets.map((t) => t.ref_id)).toEqual(['i']);
  });
  it('asks for a reason of 10 to 500 characters', () => {
    expect(reasonError('curto')).toMatch(/10 a 500/);
    expect(reasonError('Transferência entre contas próprias.')).toBeNull();
  });
});
