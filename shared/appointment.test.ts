import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appointmentDays, appointmentPreferences, appointmentSpan, dayLabel } from './appointment.js';

const preferences = z.object(appointmentPreferences);

describe('appointment preferences', () => {
  it('accept a day from today anywhere on Earth to 90 days after tomorrow (UTC)', () => {
    expect(appointmentDays(new Date('2026-11-30T10:00:00Z'))).toEqual({ first: '2026-11-29', last: '2027-03-01' });
  });

  it('read a preferred day in words', () => {
    expect(dayLabel('2026-12-08')).toBe('Tuesday, 8 December 2026');
  });

  it('treat left out and empty alike, as no preference', () => {
    const none = { meeting: null, branch_id: null, preferred_date: null, preferred_time: null };
    expect(preferences.parse({})).toEqual(none);
    expect(preferences.parse({ meeting: '', branch_id: '', preferred_date: '', preferred_time: '' })).toEqual(none);
    expect(preferences.parse({ branch_id: ' 12 ' }).branch_id).toBe(12);
  });
});

describe('an arranged appointment', () => {
  it('reads as when it starts and ends, an end past midnight on the next day’s clock', () => {
    expect(appointmentSpan('10:00', 60)).toBe('10:00–11:00');
    expect(appointmentSpan('09:15', 45)).toBe('09:15–10:00');
    expect(appointmentSpan('23:30', 90)).toBe('23:30–01:00');
  });
});
