import type { SupplierBankAccount } from '@backoffice/api-client/endpoints';
import { booleanFilter } from '../hooks/useSupplierListParams';
import { bankAccountLine, countLabel, fieldLabel } from './supplierModel';

const account = (over: Partial<SupplierBankAccount> = {}): SupplierBankAccount => ({
  id: 'b1',
  bank: '341',
  bank_name: 'Itaú Unibanco',
  agency: '1234',
  account: '56789',
  account_digit: '0',
  account_type: 'CORRENTE',
  holder_name: 'Lab',
  holder_document: '11222333000181',
  holder_is_supplier: true,
  status: 'PENDENTE',
  created_by: 'uid',
  created_at: '2026-11-26T10:00:00Z',
  ...over,
});

describe('suppliers model', () => {
  it('names the server’s fields by the form’s labels, the address parts included', () => {
    expect(fieldLabel('document')).toBe('CPF ou CNPJ');
    expect(fieldLabel('address.cep')).toBe('CEP');
    expect(fieldLabel('holder_document')).toBe('CPF ou CNPJ do titular');
    expect(fieldLabel('nao_existe')).toBeNull();
  });
  it('counts suppliers in pt-BR', () => {
    expect(countLabel({ total: 1 })).toBe('1 fornecedor');
    expect(countLabel({ total: 1234 })).toBe('1.234 fornecedores');
  });
  it('writes a bank account on one line, with the agency digit when there is one', () => {
    expect(bankAccountLine(account())).toBe('341 Itaú Unibanco · Ag. 1234 · Conta corrente 56789-0');
    expect(bankAccountLine(account({ agency_digit: '5', bank_name: undefined, account_type: 'POUPANCA' }))).toBe('341 · Ag. 1234-5 · Poupança 56789-0');
  });
  it('reads the boolean filters of the address, ignoring anything else', () => {
    expect([booleanFilter('true'), booleanFilter('false'), booleanFilter(''), booleanFilter('sim')]).toEqual([true, false, undefined, undefined]);
  });
});
