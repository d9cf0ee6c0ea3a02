import type { Activity } from '@backoffice/api-client/endpoints';
import { formatDateTime } from '@backoffice/ui';

export { isTime, KIND_LABELS, options, ORIGIN_LABELS, OUTCOME_LABELS, saoPauloInstant } from '../../../lib/activityVocabulary';

export type TabKey = 'hoje' | 'atrasadas' | 'proximas' | 'concluidas';

export const TABS: ReadonlyArray<{ value: TabKey; label: string }> = [
  { value: 'hoje', label: 'Hoje' },
  { value: 'atrasadas', label: 'Atrasadas' },
  { value: 'proximas', label: 'Próximas' },
  { value: 'concluidas', label: 'Concluídas' },
];




/** The São Paulo date (`aaaa-mm-dd`) and time (`hh:mm`) of an instant, for a form. */
export function wallClock(iso: string): { date: string; time: string } {
  const shown = formatDateTime(iso); // dd/mm/aaaa hh:mm
  const [d = '', t = ''] = shown.split(' ');
  const [day, month, year] = d.split('/');
  return { date: `${year}-${month}-${day}`, time: t };
}

/** `aaaa-mm-dd` plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Monday of the week of `date`. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/**
 * The calendar's days: a week (Monday to Sunday) or the weeks covering `date`'s month, each day with whether it
 * is in the month.
 */
export function calendarDays(date: string, view: 'mes' | 'semana'): Array<{ date: string; inMonth: boolean }> {
  const month = date.slice(0, 7);
  if (view === 'semana') {
    const first = weekStart(date);
    return Array.from({ length: 7 }, (_, i) => ({ date: addDays(first, i), inMonth: true }));
  }
  const first = weekStart(`${month}-01`);
  const days: Array<{ date: string; inMonth: boolean }> = [];
  for (let day = first; days.length < 42; day = addDays(day, 1)) {
    if (days.length % 7 === 0 && days.length > 0 && day.slice(0, 7) > month) break;
    days.push({ date: day, inMonth: day.slice(0, 7) === month });
  }
  return days;
}

/** Activities by their São Paulo due date. */
export function byDay(activities: readonly Activity[]): Map<string, Activity[]> {
  const days = new Map<string, Activity[]>();
  for (const a of activities) {
    const day = wallClock(a.due_at).date;
    days.set(day, [...(days.get(day) ?? []), a]);
  }
  return days;
}

/** The one-click link of a WhatsApp or call task: `https://wa.me/55…?text=…` or `tel:+55…`. */
export function contactLink(kind: string, phone: string | undefined, text = ''): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const full = digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`;
  if (kind === 'whatsapp') return `https://wa.me/${full}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
  if (kind === 'ligacao') return `tel:+${full}`;
  return null;
}
