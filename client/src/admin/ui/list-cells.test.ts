import { describe, expect, it } from 'vitest';
import { formatMonths, formatWhen, formatWhens } from './list-cells.js';

describe('formatWhens', () => {
  it('words each time to the minute, and to the second only where two fall in the same minute', () => {
    const times = ['2026-11-29T03:07:41Z', '2026-11-29T03:07:12Z', '2026-11-29T02:59:00Z'];
    const words = formatWhens(times);
    expect(words[2]).toBe(formatWhen(times[2]!));
    expect(words[0]).not.toBe(words[1]);
    expect(words[0]).not.toBe(formatWhen(times[0]!));
    expect(words[0]).toMatch(/41/);
    expect(words[1]).toMatch(/12/);
  });
});

describe('formatMonths', () => {
  it('words whole years as years and the rest as months', () => {
    expect([36, 12, 24, 18, 1, 6].map(formatMonths)).toEqual([
      '3 years',
      '1 year',
      '2 years',
      '18 months',
      '1 month',
      '6 months',
    ]);
  });
});
