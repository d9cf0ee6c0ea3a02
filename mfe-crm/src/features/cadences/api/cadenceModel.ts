import type { CadenceStep, CadenceStepRequest } from '@backoffice/api-client/endpoints';

/** How a step reaches the client (only e-mail may send by itself, when SMTP is configured). */
export const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  whatsapp: 'WhatsApp',
  ligacao: 'Ligação',
  email: 'E-mail',
  tarefa: 'Tarefa',
};

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  ativa: 'Ativa',
  pausada: 'Pausada',
  concluida: 'Concluída',
  encerrada: 'Encerrada',
};

export const STATUS_COLORS: Readonly<Record<string, string>> = {
  ativa: 'green',
  pausada: 'yellow',
  concluida: 'blue',
  encerrada: 'gray',
};

export const PAUSE_LABELS: Readonly<Record<string, string>> = {
  resposta: 'Resposta do cliente',
  ausencia: 'Ausência',
  manual: 'Manual',
};

export const END_LABELS: Readonly<Record<string, string>> = {
  manual: 'Encerrada pelo responsável',
  ganho: 'Oportunidade ganha',
  opt_out: 'Não contatar',
};

/** The most clients one bulk enrollment takes (the server refuses more). */
export const MAX_ENROLL = 200;

/** A step as the builder edits it (`day_offset` as typed). */
export interface StepRow {
  day_offset: string;
  window_start: string;
  window_end: string;
  channel: string;
  template: string;
}

export function emptyStep(previous?: StepRow): StepRow {
  const day = previous ? String((Number(previous.day_offset) || 0) + 1) : '0';
  return { day_offset: day, window_start: '09:00', window_end: '12:00', channel: 'whatsapp', template: 'Oi, {primeiro_nome}! Aqui é {consultor}.' };
}

export function stepRow(s: CadenceStep): StepRow {
  return { day_offset: String(s.day_offset), window_start: s.window_start, window_end: s.window_end, channel: s.channel, template: s.template };
}

/** The rows as the API takes them (a day that is not a whole number goes as -1, for the server to name it). */
export function stepRequests(rows: readonly StepRow[]): CadenceStepRequest[] {
  return rows.map((r) => {
    const day = Number(r.day_offset.trim());
    return {
      day_offset: r.day_offset.trim() !== '' && Number.isInteger(day) ? day : -1,
      window_start: r.window_start.trim(),
      window_end: r.window_end.trim(),
      channel: r.channel,
      template: r.template,
    };
  });
}

/** 1234 basis points → "12,3 %". */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

/** "D+0", "D+3": a step's day, in business days after the start. */
export function dayLabel(offset: number): string {
  return `D+${offset} útil`;
}

/** The server's field names of a step (`steps[1].template`) as the screen says them. */
export function fieldLabel(field: string): string {
  const m = /^steps\[(\d+)\]\.(\w+)$/.exec(field);
  if (m) {
    const names: Record<string, string> = { day_offset: 'dia', window_start: 'início da janela', window_end: 'fim da janela', channel: 'canal', template: 'mensagem' };
    return `Etapa ${Number(m[1]) + 1} (${names[m[2] ?? ''] ?? m[2]})`;
  }
  const c = /^client_ids\[(\d+)\]$/.exec(field);
  if (c) return `Cliente ${Number(c[1]) + 1}`;
  const names: Record<string, string> = { name: 'Nome', team_id: 'Time', link_url: 'Link', steps: 'Etapas', client_ids: 'Clientes', resume_on: 'Retomar em', reason: 'Motivo' };
  return names[field] ?? field;
}
