import { describe, expect, it } from 'vitest';
import { barValue, clockOffset, countdownText, goalText, percentOf, roomParams } from './campaignRoomModel';

describe('countdownText', () => {
  const ends = '2026-12-11T03:00:00+00:00';
  it('shows days, hours, minutes and seconds left', () => {
    const now = new Date('2026-12-07T15:00:00Z').getTime();
    expect(countdownText(ends, now)).toBe('03 12:00:00');
    expect(countdownText(ends, now + 1000)).toBe('03 11:59:59');
    expect(countdownText(ends, new Date('2026-12-11T02:58:51Z').getTime())).toBe('00 00:01:09');
  });
  it('stops at zero once the campaign ended', () => {
    expect(countdownText(ends, new Date('2026-12-12T00:00:00Z').getTime())).toBe('00 00:00:00');
  });
});

describe('clockOffset', () => {
  it('is how far the server is ahead of the screen', () => {
    const received = new Date('2026-12-07T15:00:00Z').getTime();
    expect(clockOffset('2026-12-07T15:00:05+00:00', received)).toBe(5000);
    expect(clockOffset('não é data', received)).toBe(0);
  });
});

describe('goal progress', () => {
  it('is whole percent, the bar capped at 100', () => {
    expect(percentOf(6250)).toBe(62);
    expect(goalText(7500)).toBe('75% da meta');
    expect(goalText(15000)).toBe('150% da meta');
    expect(barValue(15000)).toBe(100);
    expect(barValue(3333)).toBe(33);
  });
  it('says when the campaign set no goal', () => {
    expect(percentOf(null)).toBeNull();
    expect(goalText(undefined)).toBe('Sem meta definida');
    expect(barValue(null)).toBe(0);
  });
});

describe('roomParams', () => {
  it('reads the campaign and the TV mode', () => {
    expect(roomParams(new URLSearchParams('campanha=abc&tv=1'))).toEqual({ campaign: 'abc', tv: true });
    expect(roomParams(new URLSearchParams('tv=0&campanha=%20'))).toEqual({ campaign: null, tv: false });
  });
});
