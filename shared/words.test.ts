import { describe, expect, it } from 'vitest';
import { countOf, hoursInWords } from './words.js';

describe('countOf', () => {
  it('says one thing in the singular, and none or many in the plural', () => {
    expect(countOf(1, 'mail')).toBe('1 mail');
    expect(countOf(0, 'mail')).toBe('0 mails');
    expect(countOf(2, 'enquiry')).toBe('2 enquiries');
    expect(countOf(1, 'enquiry')).toBe('1 enquiry');
  });
});

describe('hoursInWords', () => {
  it('says a wait in minutes, hours and minutes, or days', () => {
    expect(hoursInWords(0.001)).toBe('under a minute');
    expect(hoursInWords(0.25)).toBe('15 min');
    expect(hoursInWords(2)).toBe('2 h');
    expect(hoursInWords(3 + 10 / 60)).toBe('3 h 10 min');
    expect(hoursInWords(47.5)).toBe('47 h 30 min');
    expect(hoursInWords(24 * 4.2)).toBe('4 days');
    expect(hoursInWords(48)).toBe('2 days');
  });
});
