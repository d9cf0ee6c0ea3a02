/**
 * The suppliers feature's model: the labels of kinds, payment methods, account and PIX key types and states, the
 * label of each field the server names (the form's messages, the history), and the list's count wording.
 */
import type { SupplierBankAccount, SupplierPixKey } from '@backoffice/api-client/endpoints';
import { addressFieldLabel, formatInteger } from '@backoffice/ui';

export const KIND_LABELS: Record<string, string> = { PF: 'Pessoa física', PJ: 'Pessoa jurídica' };

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  BOLETO: 'Boleto',
  PIX: 'PIX',
  TED: 'TED',
  DEBITO_AUTOMATICO: 'Débito automático',
  DINHEIRO: 'Dinheiro',
  CARTAO: 'Cartão',
};

export const ACCOUNT_TYPE_LABELS: Record<string, string> = { CORRENTE: 'Conta corrente', POUPANCA: 'Poupança', PAGAMENTO: 'Conta de pagamento' };

export const PIX_KEY_TYPE_LABELS: Record<string, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  TELEFONE: 'Telefone celular',
  ALEATORIA: 'Chave aleatória',
};

/** What each PIX key type looks like, shown under the key input. */
export const PIX_KEY_HINTS: Record<string, string> = {
  CPF: '11 dígitos: 123.456.789-09',
  CNPJ: '14 caracteres: 11.222.333/0001-81',
  EMAIL: 'nome@empresa.com.br',
  TELEFONE: 'Com DDD: (11) 91234-5678',
  ALEATORIA: '32 caracteres hexadecimais em 5 grupos: 123e4567-e89b-12d3-a456-426614174000',
};

export const BANK_DATA_STATUS_LABELS: Record<string, string> = { PENDENTE: 'Pendente de confirmação', CONFIRMADA: 'Confirmada' };

const FIELD_LABELS: Record<string, string> = {
  document: 'CPF ou CNPJ',
  name: 'Nome ou razão social',
  trade_name: 'Nome fantasia',
  email: 'E-mail',
  phone: 'Telefone',
  address: 'Endereço',
  default_payment_method: 'Forma de pagamento padrão',
  default_chart_account_id: 'Conta do plano padrão',
  default_cost_center_id: 'Centro de custo padrão',
  notes: 'Observações',
  active: 'Situação',
  bank: 'Banco',
  agency: 'Agência',
  agency_digit: 'Dígito da agência',
  account: 'Conta',
  account_digit: 'Dígito da conta',
  account_type: 'Tipo de conta',
  holder_name: 'Titular',
  holder_document: 'CPF ou CNPJ do titular',
  key_type: 'Tipo de chave',
  key: 'Chave PIX',
};

/** The label a person sees for a field the server names (`document`, `address.cep`, `key`…); null if unknown. */
export function fieldLabel(path: string): string | null {
  return addressFieldLabel(path) ?? FIELD_LABELS[path] ?? null;
}

/** "1 fornecedor", "1.234 fornecedores". */
export function countLabel({ total = 0 }: { total?: number }): string {
  return `${formatInteger(total)} ${total === 1 ? 'fornecedor' : 'fornecedores'}`;
}

/** "341 · Ag. 1234-5 · CC 12345-6" */
export function bankAccountLine(account: SupplierBankAccount): string {
  const agency = account.agency_digit ? `${account.agency}-${account.agency_digit}` : account.agency;
  const bank = account.bank_name ? `${account.bank} ${account.bank_name}` : account.bank;
  return `${bank} · Ag. ${agency} · ${ACCOUNT_TYPE_LABELS[account.account_type] ?? account.account_type} ${account.account}-${account.account_digit}`;
}

export function pixKeyLine(key: SupplierPixKey): string {
  return `${PIX_KEY_TYPE_LABELS[key.key_type] ?? key.key_type}: ${key.key}`;
}
