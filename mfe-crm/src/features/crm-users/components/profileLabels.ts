/** The profile's fields as the screens name them (form errors and history). */
export const PROFILE_LABELS = {
  user_id: 'Usuário',
  display_name: 'Nome de exibição',
  whatsapp: 'WhatsApp',
  unit_id: 'Unidade',
  employment: 'Vínculo',
  cnpj: 'CNPJ',
  legal_name: 'Razão social',
  municipality: 'Município',
  discount_limit_bp: 'Limite de desconto',
  hired_on: 'Admissão',
  left_on: 'Saída',
  payout: 'Dados de pagamento',
};

/** The payout's fields as the screens name them (form errors and history). */
export const PAYOUT_LABELS = {
  method: 'Forma de recebimento',
  pix_key_type: 'Tipo de chave',
  pix_key: 'Chave PIX',
  bank: 'Banco',
  agency: 'Agência',
  account: 'Conta',
  account_digit: 'Dígito',
  account_type: 'Tipo de conta',
  payout: 'Dados de pagamento',
};
