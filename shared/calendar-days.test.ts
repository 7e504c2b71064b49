import { describe, expect, it } from 'vitest';
import { clockAt, dayAfter, daysBetween, todayIn, utcDayFromToday, weekStart } from './calendar-days.js';

describe('calendar days', () => {
  it('counts days forward and back across months, years and a leap day', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-24', '2027-01-02')).toBe(9);
    expect(daysBetween('2026-12-24', '2026-12-20')).toBe(-4);
  });

  it('counts from today in UTC', () => {
    const late = new Date('2026-11-25T23:30:00Z');
    expect(utcDayFromToday(0, late)).toBe('2026-11-25');
    expect(utcDayFromToday(-1, late)).toBe('2026-11-24');
    expect(utcDayFromToday(7, late)).toBe('2026-12-02');
  });

  it('answers the Monday of a week, counting back whole weeks', () => {
    expect(weekStart('2026-11-25', 0)).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29', 0)).toBe('2026-11-23'); // a Sunday
    expect(weekStart('2026-11-25', 11)).toBe('2026-09-07');
    expect(weekStart('2027-01-01', 1)).toBe('2026-12-21');
  });

  it('reads the day and time on a clock', () => {
    const instant = new Date('2026-12-01T22:30:00Z');
    expect(clockAt('Australia/Sydney', instant)).toEqual({ day: '2026-12-02', time: '09:30' });
    expect(clockAt('Asia/Kathmandu', instant)).toEqual({ day: '2026-12-02', time: '04:15' });
    expect(clockAt('UTC', instant)).toEqual({ day: '2026-12-01', time: '22:30' });
    expect(clockAt('UTC', new Date('2026-12-01T00:05:00Z'))).toEqual({ day: '2026-12-01', time: '00:05' });
  });

  it('knows today on a clock', () => {
    const late = new Date('2026-11-25T20:00:00Z');
    expect(todayIn('UTC', late)).toBe('2026-11-25');
    expect(todayIn('Asia/Kathmandu', late)).toBe('2026-11-26');
    expect(todayIn('America/Toronto', new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
  });
});
