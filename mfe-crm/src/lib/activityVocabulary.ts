/** The words of activities, shared by the activities pages and the plugin's card. */

/** The kinds of activity, as the screens name them. */
export const KIND_LABELS: Record<string, string> = {
  ligacao: 'Ligação',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  visita: 'Visita',
  reuniao: 'Reunião/avaliação',
  tarefa: 'Tarefa',
};

/** How a done activity went. */
export const OUTCOME_LABELS: Record<string, string> = {
  atendeu: 'Atendeu',
  nao_atendeu: 'Não atendeu',
  caixa_postal: 'Caixa postal',
  respondeu: 'Respondeu',
  agendou_avaliacao: 'Agendou avaliação',
  sem_interesse: 'Sem interesse',
  numero_invalido: 'Número inválido',
  outro: 'Outro',
};

export const ORIGIN_LABELS: Record<string, string> = {
  manual: 'Manual',
  plugin: 'Plugin',
  cadencia: 'Cadência',
  timer: 'Cronômetro',
  sistema: 'Sistema',
};

export const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The instant of a São Paulo wall-clock time (`aaaa-mm-dd`, `hh:mm`), as ISO. São Paulo has kept UTC−3 all year
 * since 2019, so the offset is fixed.
 */
export function saoPauloInstant(date: string, time: string): string {
  return new Date(`${date}T${time}:00-03:00`).toISOString();
}

/** `hh:mm` is a time of day. */
export function isTime(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}
