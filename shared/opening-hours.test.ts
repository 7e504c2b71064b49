import { describe, expect, it } from 'vitest';
import { openingHours } from './branch.schema.js';
import {
  closureDaysLabel,
  closureOn,
  doorSign,
  openingHoursLines,
  outsideOpeningHours,
  weekdayOf,
  type OpeningHours,
} from './opening-hours.js';

const nineToFive = { opens: '09:00', closes: '17:30' };
const SYDNEY: OpeningHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: { opens: '10:00', closes: '14:00' },
  sunday: null,
};

describe('opening hours', () => {
  it('read as on a shop door: runs of days with the same hours together', () => {
    expect(openingHoursLines(SYDNEY)).toEqual([
      { days: 'Monday–Friday', hours: '09:00–17:30' },
      { days: 'Saturday', hours: '10:00–14:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
    // Days apart with the same hours stay apart (a closed Wednesday between them).
    expect(openingHoursLines({ ...SYDNEY, wednesday: null, saturday: null })).toEqual([
      { days: 'Monday–Tuesday', hours: '09:00–17:30' },
      { days: 'Wednesday', hours: 'Closed' },
      { days: 'Thursday–Friday', hours: '09:00–17:30' },
      { days: 'Saturday–Sunday', hours: 'Closed' },
    ]);
  });

  it('read from Sunday where the working week starts on Sunday (Nepal’s)', () => {
    const tenToSix = { opens: '10:00', closes: '18:00' };
    const nepal = { ...SYDNEY, monday: tenToSix, tuesday: tenToSix, wednesday: tenToSix, thursday: tenToSix };
    expect(openingHoursLines({ ...nepal, friday: tenToSix, saturday: null, sunday: tenToSix })).toEqual([
      { days: 'Sunday–Friday', hours: '10:00–18:00' },
      { days: 'Saturday', hours: 'Closed' },
    ]);
    // Open every day the same: still from Monday.
    const everyDay = { ...nepal, friday: tenToSix, saturday: tenToSix, sunday: tenToSix };
    expect(openingHoursLines(everyDay)).toEqual([{ days: 'Monday–Sunday', hours: '10:00–18:00' }]);
  });

  it('know the day of the week of a calendar day', () => {
    expect(weekdayOf('2026-11-30')).toBe('monday');
    expect(weekdayOf('2026-12-05')).toBe('saturday');
    expect(weekdayOf('2026-12-06')).toBe('sunday');
  });

  it('say when a meeting falls outside them: before opening, past closing, on a closed day', () => {
    const at = (day: string, time: string, minutes = 60) => outsideOpeningHours(SYDNEY, { day, time, minutes });
    expect(at('2026-11-30', '09:00')).toBeUndefined();
    expect(at('2026-11-30', '16:30')).toBeUndefined();
    expect(at('2026-11-30', '16:45')).toEqual({ weekday: 'monday', hours: nineToFive });
    expect(at('2026-11-30', '08:45', 30)).toEqual({ weekday: 'monday', hours: nineToFive });
    expect(at('2026-12-05', '13:30', 30)).toBeUndefined();
    expect(at('2026-12-05', '13:30', 45)).toEqual({ weekday: 'saturday', hours: { opens: '10:00', closes: '14:00' } });
    expect(at('2026-12-06', '11:00')).toEqual({ weekday: 'sunday', hours: null });
    // A branch that has not given its hours is never "closed".
    expect(outsideOpeningHours(null, { day: '2026-12-06', time: '03:00', minutes: 60 })).toBeUndefined();
  });

  it('are checked: times as HH:MM, closing after opening, only the days of the week', () => {
    expect(openingHours.parse({ monday: nineToFive, tuesday: null })).toEqual({
      monday: nineToFive,
      tuesday: null,
      wednesday: null,
      thursday: null,
      friday: null,
      saturday: null,
      sunday: null,
    });
    // Closed every day says nothing: stored as none.
    expect(openingHours.parse({ monday: null })).toBeNull();
    expect(openingHours.parse({})).toBeNull();
    expect(openingHours.parse(null)).toBeNull();
    const issues = (week: unknown) =>
      openingHours.safeParse(week).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ monday: { opens: '17:30', closes: '09:00' } })).toEqual([
      ['monday.closes', 'Closing time must be after opening time'],
    ]);
    expect(issues({ friday: { opens: '9am', closes: '' } })).toEqual([
      ['friday.opens', 'Enter the time as HH:MM (24-hour)'],
      ['friday.closes', 'Enter the time as HH:MM (24-hour)'],
    ]);
    expect(issues({ funday: nineToFive })).toEqual([['', 'Give the hours of the days of the week (monday to sunday)']]);
    expect(issues({ monday: { opens: '09:00' } })).toEqual([['monday.closes', 'Closing time is required']]);
  });
});

describe('closures (decision 052)', () => {
  const closures = [
    { name: 'Christmas and New Year', first_day: '2026-12-25', last_day: '2027-01-01' },
    { name: 'Australia Day', first_day: '2027-01-26', last_day: '2027-01-26' },
  ];

  it('finds the closure that takes in a day, first and last days included', () => {
    expect(closureOn(closures, '2026-12-25')?.name).toBe('Christmas and New Year');
    expect(closureOn(closures, '2027-01-01')?.name).toBe('Christmas and New Year');
    expect(closureOn(closures, '2027-01-26')?.name).toBe('Australia Day');
    expect(closureOn(closures, '2026-12-24')).toBeUndefined();
    expect(closureOn(closures, '2027-01-02')).toBeUndefined();
  });

  it('writes its days as people do, the year and month once where they are shared', () => {
    expect(closureDaysLabel({ first_day: '2027-01-26', last_day: '2027-01-26' })).toBe('26 January 2027');
    expect(closureDaysLabel({ first_day: '2026-12-24', last_day: '2026-12-26' })).toBe('24–26 December 2026');
    expect(closureDaysLabel({ first_day: '2027-03-30', last_day: '2027-04-02' })).toBe('30 March – 2 April 2027');
    expect(closureDaysLabel({ first_day: '2026-12-25', last_day: '2027-01-01' })).toBe(
      '25 December 2026 – 1 January 2027',
    );
  });
});

describe("the door's sign (decision 052)", () => {
  const christmas = [{ name: 'Christmas', first_day: '2026-12-25', last_day: '2026-12-28' }];
  // 2026-12-01 is a Tuesday; 2026-12-05 a Saturday, 2026-12-24 a Thursday.
  it('says open until closing, or when it opens next: later today, tomorrow, a weekday, a date past a closure', () => {
    expect(doorSign(SYDNEY, [], { day: '2026-12-01', time: '09:00' })).toEqual({
      open: true,
      text: 'Open now · closes 17:30',
    });
    expect(doorSign(SYDNEY, [], { day: '2026-12-01', time: '08:59' }).text).toBe('Closed now · opens 09:00');
    expect(doorSign(SYDNEY, [], { day: '2026-12-01', time: '17:30' }).text).toBe('Closed now · opens tomorrow 09:00');
    expect(doorSign(SYDNEY, [], { day: '2026-12-05', time: '15:00' }).text).toBe('Closed now · opens Monday 09:00');
    expect(doorSign(SYDNEY, christmas, { day: '2026-12-24', time: '18:00' }).text).toBe(
      'Closed now · opens Tuesday 09:00',
    );
    const longClosure = [{ name: 'Renovation', first_day: '2026-12-02', last_day: '2026-12-20' }];
    expect(doorSign(SYDNEY, longClosure, { day: '2026-12-01', time: '18:00' }).text).toBe(
      'Closed now · opens 21 December 2026 09:00',
    );
    expect(doorSign(SYDNEY, christmas, { day: '2026-12-26', time: '11:00' }).open).toBe(false);
  });
});
