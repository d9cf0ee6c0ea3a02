/** Portuguese labels of the count API's codes. */
export const COUNT_STATUS_LABELS: Record<string, string> = {
  RASCUNHO: 'Rascunho',
  EM_CONTAGEM: 'Em contagem',
  EM_RECONTAGEM: 'Em recontagem',
  AGUARDANDO_APROVACAO: 'Aguardando aprovação',
  APROVADO: 'Aprovado',
  LANCANDO: 'Lançando ajustes',
  LANCADO: 'Lançado',
  CANCELADO: 'Cancelado',
};

export const LINE_STATUS_LABELS: Record<string, string> = {
  PENDENTE: 'Pendente',
  CONTADO: 'Contado',
  CONFLITO: 'Conflito',
  RECONTAR: 'Recontar',
  OK: 'OK',
};

export const LINE_FLAG_LABELS: Record<string, string> = {
  MOVIMENTADO: 'Movimentado durante a contagem',
  TOLERANCIA: 'Fora da tolerância',
};

export const STATUS_COLORS: Record<string, string> = {
  RASCUNHO: 'gray',
  EM_CONTAGEM: 'blue',
  EM_RECONTAGEM: 'orange',
  AGUARDANDO_APROVACAO: 'yellow',
  APROVADO: 'teal',
  LANCANDO: 'teal',
  LANCADO: 'green',
  CANCELADO: 'red',
  PENDENTE: 'gray',
  CONTADO: 'blue',
  CONFLITO: 'red',
  RECONTAR: 'orange',
  OK: 'green',
};
