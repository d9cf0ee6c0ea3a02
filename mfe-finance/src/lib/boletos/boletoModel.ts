/** Labels and colours of the boletos' states, events and instructions (finance.md §3.1). */
export const BOLETO_STATUS_LABELS: Record<string, string> = {
  EMITIDO: 'Emitido',
  EM_REMESSA: 'Em remessa',
  REGISTRADO: 'Registrado',
  LIQUIDADO: 'Liquidado',
  BAIXA_SOLICITADA: 'Baixa solicitada',
  BAIXADO: 'Baixado',
  PROTESTADO: 'Protestado',
  REJEITADO: 'Rejeitado',
  CANCELADO: 'Cancelado',
};

export const BOLETO_STATUS_COLORS: Record<string, string> = {
  EMITIDO: 'cyan',
  EM_REMESSA: 'indigo',
  REGISTRADO: 'blue',
  LIQUIDADO: 'green',
  BAIXA_SOLICITADA: 'orange',
  BAIXADO: 'gray',
  PROTESTADO: 'red',
  REJEITADO: 'red',
  CANCELADO: 'gray',
};

export const EVENT_LABELS: Record<string, string> = {
  EMITIDO: 'Emitido',
  EM_REMESSA: 'Em remessa',
  ENTRADA_CONFIRMADA: 'Entrada confirmada',
  REJEITADO: 'Rejeitado',
  OCORRENCIA: 'Ocorrência do banco',
  LIQUIDADO: 'Liquidado',
  INSTRUCAO: 'Instrução',
  BAIXADO: 'Baixado',
  PROTESTADO: 'Protestado',
  CANCELADO: 'Cancelado',
};

export const INSTRUCTION_LABELS: Record<string, string> = {
  BAIXA: 'Solicitar baixa',
  ALTERACAO_VENCIMENTO: 'Alterar vencimento',
  ABATIMENTO: 'Abatimento',
  PROTESTO: 'Protesto',
  SUSTAR_PROTESTO: 'Sustar protesto',
};

/** "12 boletos" / "1 boleto". */
export function boletoCount(n: number): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'boleto' : 'boletos'}`;
}

/** The bank's last occurrence as one text: "06 Liquidação normal". */
export function occurrenceText(code?: string | null, text?: string | null): string {
  return [code, text].filter(Boolean).join(' ');
}

/** Basis points as people read them: 200 → "2,00%". */
export function percentLabel(bp: number): string {
  return `${(bp / 100).toFixed(2).replace('.', ',')}%`;
}
