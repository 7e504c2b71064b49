import { describe, expect, it } from 'vitest';
import { countOf } from './words.js';

describe('countOf', () => {
  it('says one thing in the singular, and none or many in the plural', () => {
    expect(countOf(1, 'mail')).toBe('1 mail');
    expect(countOf(0, 'mail')).toBe('0 mails');
    expect(countOf(2, 'enquiry')).toBe('2 enquiries');
    expect(countOf(1, 'enquiry')).toBe('1 enquiry');
  });
});
