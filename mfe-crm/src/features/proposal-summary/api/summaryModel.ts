/** The public proposal summary's pure rules: where the token is, what the client may answer, the WhatsApp link. */

export type AnswerKind = 'nascimento' | 'documento';

/** The token from the URL's fragment (`#t=…`): it never reaches the server's logs, a proxy or `Referer`. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('t')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export const ANSWER_LABELS: Record<AnswerKind, string> = {
  nascimento: 'Data de nascimento',
  documento: 'Últimos 4 dígitos do CPF ou CNPJ',
};

export const ANSWER_PLACEHOLDERS: Record<AnswerKind, string> = {
  nascimento: 'dd/mm/aaaa',
  documento: '0000',
};

export const PAYMENT_LABELS: Record<string, string> = {
  boleto: 'Boleto',
  pix: 'PIX',
  cartao: 'Cartão de crédito',
};

/** `https://wa.me/<digits>?text=…` to the salesperson, about the proposal; null without a usable number. */
export function whatsappUrl(digits: string | null | undefined, saleNumber: string): string | null {
  const only = (digits ?? '').replace(/\D/g, '');
  if (only.length < 10) return null;
  const text = `Olá! Tenho uma dúvida sobre a proposta ${saleNumber}.`;
  return `https://wa.me/${only}?text=${encodeURIComponent(text)}`;
}
