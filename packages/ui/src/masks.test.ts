import { formatCentavos, formatDate, formatDateTime, monthOf, todayInSaoPaulo } from './format';
import { maskCep, maskCnpj, maskCpf, maskDate, maskDocument, maskPhone, unmaskDocument } from './masks';

describe('pt-BR formats', () => {
  it('formats integer centavos as R$ 1.234,56', () => {
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(5)).toBe('R$ 0,05');
  });
  it('formats dates as dd/mm/aaaa', () => {
    expect(formatDate('2026-03-07T15:00:00Z')).toBe('07/03/2026');
    expect(formatDate('não é data')).toBe('');
  });
  // Run with TZ=UTC (scripts/web-test.sh does): the browser's zone must not matter.
  it('shows an instant as its São Paulo date, not the UTC one', () => {
    // 23:30 on 7 March in São Paulo (UTC−3) is 02:30Z on 8 March.
    expect(formatDate('2026-03-08T02:30:00Z')).toBe('07/03/2026');
    expect(formatDate(new Date('2026-03-08T02:30:00Z'))).toBe('07/03/2026');
    expect(formatDate('2026-03-07T23:30:00-03:00')).toBe('07/03/2026');
    expect(formatDateTime('2026-03-08T02:30:00Z')).toBe('07/03/2026 23:30');
    // Just after midnight in São Paulo is already the next day there.
    expect(formatDateTime('2026-03-08T03:05:00Z')).toBe('08/03/2026 00:05');
    // Year boundary.
    expect(formatDate('2027-01-01T01:00:00Z')).toBe('31/12/2026');
    expect(formatDateTime('não é data')).toBe('');
  });
  it('keeps a bare calendar date as it is (no zone shift)', () => {
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
  });
});

describe('masks', () => {
  it('CPF', () => expect(maskCpf('12345678909')).toBe('123.456.789-09'));
  it('CNPJ, numeric and alphanumeric', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('document picks CPF or CNPJ by length, and unmasks to the normalized form', () => {
    expect(maskDocument('123456789')).toBe('123.456.789');
    expect(maskDocument('112223330001')).toBe('11.222.333/0001');
    expect(unmaskDocument('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
  });
  it('CEP', () => expect(maskCep('01310100')).toBe('01310-100'));
  it('phones: mobile and landline', () => {
    expect(maskPhone('11912345678')).toBe('(11) 91234-5678');
    expect(maskPhone('1131234567')).toBe('(11) 3123-4567');
    expect(maskPhone('11')).toBe('(11');
  });
  it('partial input stays partial', () => expect(maskCpf('1234')).toBe('123.4'));
});

describe('maskDate', () => {
  it('puts the slashes in as one types, and drops what is not a digit', () => {
    expect(maskDate('2501')).toBe('25/01');
    expect(maskDate('25012027')).toBe('25/01/2027');
    expect(maskDate('25/01/2027999')).toBe('25/01/2027');
    expect(maskDate('ab')).toBe('');
  });
});

describe('São Paulo dates', () => {
  it('is already tomorrow in UTC at 22:00 in São Paulo, but not here', () => {
    expect(todayInSaoPaulo(new Date('2026-03-10T01:30:00Z'))).toBe('2026-03-09');
    expect(todayInSaoPaulo(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
  });
  it('gives a month’s first and last days, February of leap years included', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
