import { describe, expect, it } from 'vitest';
import { addDays, calendarDays, contactLink, isTime, saoPauloInstant, wallClock, weekStart } from './activityModel';

describe('activity model', () => {
  it('reads and writes São Paulo wall-clock times', () => {
    expect(saoPauloInstant('2026-12-01', '21:30')).toBe('2026-12-02T00:30:00.000Z');
    expect(wallClock('2026-12-02T00:30:00Z')).toEqual({ date: '2026-12-01', time: '21:30' });
    expect(isTime('09:05')).toBe(true);
    expect(isTime('24:00')).toBe(false);
  });

  it('lays out weeks from Monday and whole months', () => {
    expect(weekStart('2026-12-03')).toBe('2026-11-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    const week = calendarDays('2026-12-03', 'semana');
    expect(week.map((d) => d.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    const month = calendarDays('2026-12-15', 'mes');
    expect(month.length % 7).toBe(0);
    expect(month[0]).toEqual({ date: '2026-11-30', inMonth: false });
    expect(month.filter((d) => d.inMonth)).toHaveLength(31);
    expect(month.at(-1)?.date).toBe('2027-01-03');
  });

  it('builds the one-click WhatsApp and call links', () => {
    expect(contactLink('whatsapp', '(11) 98765-4321', 'Olá, Ana')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana');
    expect(contactLink('ligacao', '11987654321')).toBe('tel:+5511987654321');
    expect(contactLink('email', '11987654321')).toBeNull();
    expect(contactLink('whatsapp', undefined)).toBeNull();
  });
});
