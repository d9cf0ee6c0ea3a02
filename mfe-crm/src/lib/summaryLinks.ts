/** The proposal summary links as the sale's page shows them (the public page is `features/proposal-summary`). */

/** The validity choices offered when creating a link (hours). */
export const VALIDITY_OPTIONS = [
  { value: '24', label: '24 horas' },
  { value: '72', label: '3 dias (padrão)' },
  { value: '168', label: '7 dias' },
  { value: '720', label: '30 dias' },
];

export const LINK_STATE_LABELS: Record<string, string> = {
  ativo: 'Ativo',
  expirado: 'Expirado',
  revogado: 'Revogado',
  bloqueado: 'Bloqueado',
};

export const LINK_STATE_COLORS: Record<string, string> = {
  ativo: 'green',
  expirado: 'gray',
  revogado: 'gray',
  bloqueado: 'red',
};

export const REVOCATION_LABELS: Record<string, string> = {
  venda_editada: 'a venda foi alterada',
  venda_cancelada: 'a venda foi cancelada',
  venda_descartada: 'a proposta foi descartada',
  revogado: 'revogado à mão',
};

/** The link to send: the page's URL on this origin, with the token in the fragment. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}
