/** pt-BR formats: R$ 1.234,56 from integer centavos; dates dd/mm/aaaa and times as in São Paulo. */
const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Every date and time is shown as in São Paulo, whatever zone the browser is in. */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

export function formatCentavos(centavos: number): string {
  // Intl puts a non-breaking space after "R$"; a plain space reads and copies the same everywhere.
  return currency.format(centavos / 100).replace(/\u00a0/g, ' ');
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

// A calendar date (`2026-03-07`, an API `date`) is no instant: it has no zone and is shown as is.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The São Paulo wall-clock fields of an instant, or null for an invalid input. */
function saoPaulo(isoOrDate: string | Date): WallClock | null {
  const date = typeof isoOrDate === 'string' ? new Date(isoOrDate) : isoOrDate;
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Map(wallClock.formatToParts(date).map((p) => [p.type, p.value]));
  const field = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '';
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute') };
}

/** dd/mm/aaaa: an instant as its date in São Paulo; a bare calendar date (`aaaa-mm-dd`) unchanged. */
export function formatDate(isoOrDate: string | Date): string {
  if (typeof isoOrDate === 'string') {
    const calendar = CALENDAR_DATE.exec(isoOrDate.trim());
    if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  }
  const t = saoPaulo(isoOrDate);
  return t ? `${t.day}/${t.month}/${t.year}` : '';
}

/** Today's business date in São Paulo (`aaaa-mm-dd`), never UTC's (after 21:00 there UTC is already tomorrow). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const t = saoPaulo(now);
  return t ? `${t.year}-${t.month}-${t.day}` : now.toISOString().slice(0, 10);
}

/** The first and last days (`aaaa-mm-dd`) of the month of a calendar date. */
export function monthOf(isoDate: string): { from: string; to: string } {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** dd/mm/aaaa hh:mm, São Paulo time. */
export function formatDateTime(isoOrDate: string | Date): string {
  const t = saoPaulo(isoOrDate);
  return t ? `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}` : '';
}

export function formatInteger(value: number): string {
  return new Intl.NumberFormat('pt-BR').format(value);
}
