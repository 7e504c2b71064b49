import { describe, expect, it } from 'vitest';
import { formatWhen, formatWhens } from './list-cells.js';

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
