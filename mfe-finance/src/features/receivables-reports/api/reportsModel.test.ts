import { agingDrillDown, cashFlowDrillDown, formatBasisPoints, formatDays, readParams, receiptsDrillDown } from './reportsModel';

describe('receivables reports model', () => {
  it('reads the parameters from the URL with this month and today as defaults', () => {
    const p = readParams(new URLSearchParams('aba=aging&basis=PAGAMENTO&bucket=ANO&days=15'), '2026-03-10');
    expect(p.aba).toBe('aging');
    expect([p.from, p.to, p.as_of]).toEqual(['2026-03-01', '2026-03-31', '2026-03-10']);
    expect([p.basis, p.bucket, p.days, p.scenario]).toEqual(['PAGAMENTO', 'DAY', '30', 'CONTRATUAL']);
  });
  it('drills a receipts figure down to the installments list with the same filters', () => {
    const cell = { start: '2026-03-01', end: '2026-03-31', key: 'c1' };
    expect(receiptsDrillDown(cell, 'CLIENTE', 'overdue')).toBe('/recebimentos?periodo=datas&due_from=2026-03-01&due_to=2026-03-31&status=VENCIDO&client_id=c1');
    expect(receiptsDrillDown({ ...cell, key: 'PIX' }, 'FORMA', 'open')).toBe(
      '/recebimentos?periodo=datas&due_from=2026-03-01&due_to=2026-03-31&status=ABERTO%2CBOLETO_EMITIDO%2CREGISTRADO&payment_method=PIX',
    );
    expect(receiptsDrillDown({ ...cell, key: undefined }, 'CONTA', 'expected')).toBe('/recebimentos?periodo=datas&due_from=2026-03-01&due_to=2026-03-31');
  });
  it('drills an aging bucket down by its due dates and state', () => {
    expect(agingDrillDown({ due_to: '2025-09-10', overdue: true }, 'CONTA', 'b1')).toBe('/recebimentos?periodo=datas&due_to=2025-09-10&status=VENCIDO&bank_account_id=b1');
    expect(cashFlowDrillDown({ start: '2026-03-10', end: '2026-03-10' }, '')).toBe(
      '/recebimentos?periodo=datas&due_from=2026-03-10&due_to=2026-03-10&status=ABERTO%2CBOLETO_EMITIDO%2CREGISTRADO',
    );
  });
  it('writes rates and days the Brazilian way', () => {
    expect(formatBasisPoints(7222)).toBe('72,22 %');
    expect(formatBasisPoints(undefined)).toBe('—');
    expect(formatDays(7.9)).toBe('7,9 dias');
  });
});
