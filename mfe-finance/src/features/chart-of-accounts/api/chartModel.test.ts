import type { ChartAccount } from '@backoffice/api-client/endpoints';
import { nextChildCode, visibleAccounts } from './chartModel';

const account = (code: string, name: string, active = true): ChartAccount => ({
  id: code,
  code,
  ...(code.includes('.') ? { parent_code: code.slice(0, code.lastIndexOf('.')) } : {}),
  name,
  nature: 'DESPESA',
  kind: code.split('.').length < 3 ? 'SINTETICA' : 'ANALITICA',
  active,
  version: 1,
  depth: code.split('.').length,
  children: 0,
  documents: 0,
});

const chart = [account('5', 'Despesas administrativas'), account('5.1', 'Ocupação'), account('5.1.01', 'Aluguel'), account('5.1.02', 'Energia elétrica', false), account('6', 'Financeiras')];

describe('chart of accounts model', () => {
  it('suggests the next free code under a parent, two digits from the third level', () => {
    expect(nextChildCode(chart, chart[1] ?? null)).toBe('5.1.03');
    expect(nextChildCode(chart, chart[0] ?? null)).toBe('5.2');
    expect(nextChildCode(chart, null)).toBe('7');
  });
  it('finds accounts by code or name without accents, keeping their ancestors; inactive ones when asked', () => {
    expect(visibleAccounts(chart, 'ALUGUEL', false).map((a) => a.code)).toEqual(['5', '5.1', '5.1.01']);
    expect(visibleAccounts(chart, 'eletrica', false)).toEqual([]);
    expect(visibleAccounts(chart, 'eletrica', true).map((a) => a.code)).toEqual(['5', '5.1', '5.1.02']);
    expect(visibleAccounts(chart, '', false).map((a) => a.code)).toEqual(['5', '5.1', '5.1.01', '6']);
  });
});
