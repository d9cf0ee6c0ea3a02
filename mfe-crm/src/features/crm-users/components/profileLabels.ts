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
};
