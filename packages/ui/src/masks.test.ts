import { formatCentavos, formatDate } from './format';
import { maskCep, maskCnpj, maskCpf, maskDocument, maskPhone, unmaskDocument } from './masks';

describe('pt-BR formats', () => {
  it('formats integer centavos as R$ 1.234,56', () => {
    expect(formatCentavos(123456)).toBe('R$ 1.234,56');
    expect(formatCentavos(5)).toBe('R$ 0,05');
  });
  it('formats dates as dd/mm/aaaa', () => {
    expect(formatDate('2026-03-07T15:00:00Z')).toBe('07/03/2026');
    expect(formatDate('não é data')).toBe('');
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
